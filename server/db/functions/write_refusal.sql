-- write_refusal: why member `viewer` may not write to the member of profile `target` (a chat message,
-- a like), or NULL when they may. The one definition of who may write to whom: chat_send asks it,
-- and so do the TypeScript queries before a like or a conversation (server/db/write-refusal.ts).
--   member.not_found       the profile is not active, or its account is deleted or banned (hidden);
--                          or it is invisible and the viewer does not `know` it (no conversation yet:
--                          an invisible member stays reachable to the members they already chat with)
--   {context}.self         the viewer's own profile ('chat' or 'like')
--   member.blocked         its member blocked the viewer
--   {context}.blocked_by_you  the viewer blocked its member
--   chat.verified_only     its member lets only verified members start a conversation, the viewer
--                          is not verified, and they have none yet (issue 37)
--   chat.held              the viewer's new conversations wait for a moderator: their scam score
--                          passed the threshold (ADR 29); conversations they have go on
-- The answers are common/write-refusals.ts's union; every one has a message in en and fr.
CREATE OR REPLACE FUNCTION "write_refusal"("viewer" int, "target" "profiles", "known" boolean, "context" text)
RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  -- PL/pgSQL rather than SQL, like credit_change: its statements' plans are kept for the session. As
  -- SQL, its sub-selects kept it from being inlined, and its body was planned again by every
  -- statement that asked it: 0.35 ms of each chat message's 1 ms in PostgreSQL (issue 40, ADR 31).
  IF target."id" IS NULL OR target."status" <> 'active' OR target."hidden" THEN
    RETURN 'member.not_found';
  END IF;
  IF target."user_id" = viewer THEN
    RETURN context || '.self';
  END IF;
  IF target."invisible" AND NOT known THEN
    RETURN 'member.not_found';
  END IF;
  IF EXISTS (SELECT 1 FROM "blocks" b
      WHERE b."blocker_user_id" = target."user_id" AND b."blocked_user_id" = viewer) THEN
    RETURN 'member.blocked';
  END IF;
  IF EXISTS (SELECT 1 FROM "blocks" b
      WHERE b."blocker_user_id" = viewer AND b."blocked_user_id" = target."user_id") THEN
    RETURN context || '.blocked_by_you';
  END IF;
  IF context = 'chat' AND NOT known
      AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = viewer AND u."openings_held_since" IS NOT NULL) THEN
    RETURN 'chat.held';
  END IF;
  IF context = 'chat' AND NOT known
      AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = target."user_id" AND u."verified_contact_only")
      AND NOT EXISTS (SELECT 1 FROM "profiles" v WHERE v."user_id" = viewer AND v."verified") THEN
    RETURN 'chat.verified_only';
  END IF;
  RETURN NULL;
END
$$;
