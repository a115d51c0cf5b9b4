-- session_member: the member behind a session token's hash at a moment, or no row: the token known
-- and not expired then, its member neither banned nor deleted. The one definition of a live
-- session: the session plugin reads every request's through it (selectSessions), and chat_send a
-- send's named by its session (issue 40, ADR 31). One SELECT in SQL, so the planner inlines it.
CREATE OR REPLACE FUNCTION "session_member"("hash" text, "at" timestamptz)
RETURNS TABLE ("user_id" int, "site_id" int) LANGUAGE sql STABLE AS $$
  SELECT u."id", u."site_id"
    FROM "sessions" s JOIN "users" u ON u."id" = s."user_id"
    WHERE s."token_hash" = "hash" AND s."expires_at" > "at"
      AND u."status" NOT IN ('banned', 'deleted') AND u."deleted_at" IS NULL
$$;
