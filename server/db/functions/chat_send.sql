-- chat_send: a batch of chat sends in one call and one transaction (ADR 12). Its contract is
-- common/schemas/chat-send.ts (issue 57, point 3). Each element of `sends` is {sender, client_id,
-- profile | conversation, kind, text, payload (what the kind stores, kept as given), price, free_limit,
-- at (when it is sent, by the app's clock: the message's date), flags (what the safety rules
-- found: MESSAGE_FLAGS), text_hash (an opening's key, or null)}; the answer has one element per
-- send, in order: {error, name} when it may not go, or {message (as the API shows it:
-- message_json), credits, sender_user_id, fresh}, `fresh` null for a message sent before, else
-- {partner_user_id, unread, charged, opening (the sender's first message in this conversation),
-- to_fictional (a member wrote to a fictional profile: the operators' inbox has it), partner_push
-- (the recipient has a device to push to: without one, the push notifier need not look them up,
-- issue 40)}.
-- A send may name its sender's session instead of its sender: {session (the token's hash), site}
-- in place of {sender} (issue 40, ADR 31: the chat's send route checks its session here, in the
-- send's own round trip). The session holds when session_member finds its member at the send's
-- time (the session plugin's rule) and that member is of the site the send is made on. A send
-- whose session does not hold so is answered
-- {unchecked: true} and nothing of it is written: the app reads the session the ordinary way.
-- A send may name a notice, {notify: {channel, head}, tab} (issue 40, ADR 31: PostgreSQL carries
-- the events between app nodes): its new message's result then goes to the other nodes in this
-- transaction, pg_notify(channel, head || {"result": …, "tab": …} || '}'), sent at the commit and
-- never if it rolls back; one too long for NOTIFY (8,000 bytes) is not sent (those members see the
-- message at their next refresh, as when events are lost).
-- The rules are ADR 9's: the senders' rows are locked (one send of a member at a time), a client_id
-- already used answers its message, the debit goes through credit_change (never below zero), and
-- the message and both sides of the conversation are written together (whose turn it is with them).
CREATE OR REPLACE FUNCTION "chat_send"("sends" jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s jsonb;
  results jsonb[] := '{}';
  sender_id int;
  sender record;
  target record;
  msg jsonb;
  conversation int;
  free_used int;
  is_free boolean;
  cost int;
  balance int;
  partner_unread int;
  flags text[];
  result jsonb;
  notice text;
  opened int;
  verified boolean;
  allowed int;
BEGIN
  sends := (SELECT jsonb_agg(CASE WHEN e ? 'session' THEN e || jsonb_build_object('sender',
        (SELECT m."user_id" FROM session_member(e->>'session', (e->>'at')::timestamptz) m
          WHERE m."site_id" = (e->>'site')::int))
      ELSE e END ORDER BY n)
    FROM jsonb_array_elements(sends) WITH ORDINALITY AS x(e, n));
  PERFORM 1 FROM "users"
    WHERE "id" IN (SELECT (e->>'sender')::int FROM jsonb_array_elements(sends) e)
    ORDER BY "id" FOR UPDATE;
  -- Then both sides of the conversations the batch writes to, in key order: concurrent batches take
  -- their locks in the same order and never wait for each other in a circle.
  -- Each send's conversation is looked up by its own keys (issue 40, ADR 31: joined as sets, the
  -- planner read the whole member table for every batch, 1.7 of a send's 3.8 ms).
  PERFORM 1 FROM "conversation_members" cm
    WHERE cm."conversation_id" IN (
      SELECT coalesce(
          (SELECT own."conversation_id" FROM "conversation_members" own
            WHERE own."conversation_id" = (e->>'conversation')::int AND own."user_id" = (e->>'sender')::int),
          (SELECT own."conversation_id" FROM "profiles" p
            JOIN "conversation_members" own
              ON own."user_id" = (e->>'sender')::int AND own."partner_user_id" = p."user_id"
            WHERE p."id" = (e->>'profile')::int))
        FROM jsonb_array_elements(sends) e)
    ORDER BY cm."conversation_id", cm."user_id" FOR UPDATE OF cm;

  FOR s IN SELECT * FROM jsonb_array_elements(sends) LOOP
    IF s->>'sender' IS NULL THEN
      results := results || jsonb_build_object('unchecked', true);
      CONTINUE;
    END IF;
    sender_id := (s->>'sender')::int;
    SELECT u."credits", u."paid_user" AS paid, u."site_id",
        (SELECT p."id" FROM "profiles" p WHERE p."user_id" = u."id") AS profile_id,
        coalesce((SELECT p."fictional" FROM "profiles" p WHERE p."user_id" = u."id"), false) AS fictional,
        (SELECT message_json(m, (SELECT p."id" FROM "profiles" p WHERE p."user_id" = u."id")) FROM "messages" m
          WHERE m."sender_user_id" = u."id" AND m."client_id" = s->>'client_id') AS existing
      INTO sender FROM "users" u WHERE u."id" = sender_id;
    IF NOT FOUND THEN
      results := results || jsonb_build_object('error', 'authentication_required');
      CONTINUE;
    END IF;
    IF sender.existing IS NOT NULL THEN
      results := results || jsonb_build_object('message', sender.existing, 'credits', sender."credits",
        'sender_user_id', sender_id, 'fresh', NULL);
      CONTINUE;
    END IF;

    IF s->>'conversation' IS NOT NULL THEN
      SELECT cm."conversation_id", p."user_id" AS partner_user_id, p."name", cm."has_sent",
          p."fictional" AS partner_fictional, write_refusal(sender_id, p, true, 'chat') AS refusal,
          (SELECT c."closed_at" IS NOT NULL FROM "conversations" c WHERE c."id" = cm."conversation_id") AS closed
        INTO target FROM "conversation_members" cm JOIN "profiles" p ON p."user_id" = cm."partner_user_id"
        WHERE cm."conversation_id" = (s->>'conversation')::int AND cm."user_id" = sender_id;
      IF NOT FOUND THEN
        results := results || jsonb_build_object('error', 'chat.not_found');
        CONTINUE;
      END IF;
    ELSE
      SELECT cm."conversation_id", p."user_id" AS partner_user_id, p."name",
          coalesce(cm."has_sent", false) AS has_sent, p."fictional" AS partner_fictional,
          write_refusal(sender_id, p, cm."conversation_id" IS NOT NULL, 'chat') AS refusal,
          coalesce((SELECT c."closed_at" IS NOT NULL FROM "conversations" c WHERE c."id" = cm."conversation_id"), false) AS closed
        INTO target FROM "profiles" p LEFT JOIN "conversation_members" cm
          ON cm."user_id" = sender_id AND cm."partner_user_id" = p."user_id"
        WHERE p."id" = (s->>'profile')::int;
      IF NOT FOUND THEN
        results := results || jsonb_build_object('error', 'member.not_found');
        CONTINUE;
      END IF;
    END IF;
    -- Who may write to whom: write_refusal (write_refusal.sql), the one definition of the rule.
    IF target.refusal IS NOT NULL THEN
      results := results || jsonb_strip_nulls(jsonb_build_object('error', target.refusal, 'name',
        CASE WHEN target.refusal = 'member.not_found' THEN NULL ELSE target."name" END));
      CONTINUE;
    END IF;
    -- A conversation a member ended with a polite close (issue 61, point 4): nobody writes there again.
    IF target.closed THEN
      results := results || jsonb_build_object('error', 'chat.closed', 'name', target."name");
      CONTINUE;
    END IF;

    -- A new conversation with a member (issue 60, point 2): a member starts at most so many in 24
    -- hours, fewer before a live check; it protects members from being written to in bulk, so a
    -- fictional profile neither counts nor is limited. Counted by the sender's conversations with
    -- members whose first message is theirs within the window (by the app's clock).
    IF target."conversation_id" IS NULL AND NOT sender.fictional AND NOT target.partner_fictional
        AND jsonb_typeof(s->'openings_limit') = 'object' THEN
      verified := EXISTS (SELECT 1 FROM "profiles" v WHERE v."user_id" = sender_id AND v."verified");
      allowed := (s->'openings_limit'->>(CASE WHEN verified THEN 'verified' ELSE 'unverified' END))::int;
      SELECT count(*) INTO opened FROM "conversation_members" cm
        WHERE cm."user_id" = sender_id AND cm."has_sent"
          AND cm."last_message_at" > (s->>'at')::timestamptz - interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM "profiles" fp WHERE fp."user_id" = cm."partner_user_id" AND fp."fictional")
          AND (SELECT m."sender_user_id" = sender_id AND m."created_at" > (s->>'at')::timestamptz - interval '1 day'
            FROM "messages" m WHERE m."conversation_id" = cm."conversation_id" ORDER BY m."id" LIMIT 1);
      IF opened >= allowed THEN
        results := results || jsonb_build_object('error',
          CASE WHEN verified THEN 'chat.openings_limit_verified' ELSE 'chat.openings_limit' END,
          'count', allowed, 'verified', (s->'openings_limit'->>'verified')::int);
        CONTINUE;
      END IF;
    END IF;

    conversation := target."conversation_id";
    IF conversation IS NULL THEN
      -- The pair is locked while looking, so two first messages make one conversation.
      PERFORM pg_advisory_xact_lock(least(sender_id, target.partner_user_id), greatest(sender_id, target.partner_user_id));
      SELECT cm."conversation_id" INTO conversation FROM "conversation_members" cm
        WHERE cm."user_id" = sender_id AND cm."partner_user_id" = target.partner_user_id;
      IF conversation IS NULL THEN
        INSERT INTO "conversations" DEFAULT VALUES RETURNING "id" INTO conversation;
        INSERT INTO "conversation_members" ("conversation_id", "user_id", "partner_user_id", "hidden")
          VALUES (conversation, sender_id, target.partner_user_id, true),
                 (conversation, target.partner_user_id, sender_id, true);
      END IF;
    END IF;

    -- The welcome offer: a free member's opening message in up to free_limit chats is free.
    is_free := false;
    IF NOT sender.paid AND NOT target.has_sent THEN
      SELECT count(*) INTO free_used FROM "conversation_members" f
        WHERE f."user_id" = sender_id AND f."free_opening";
      is_free := free_used < (s->>'free_limit')::int;
    END IF;
    cost := CASE WHEN is_free THEN 0 ELSE (s->>'price')::int END;
    balance := sender."credits";
    IF cost > 0 THEN
      balance := credit_change(sender_id, -cost, 'chat_' || (s->>'kind'), s->>'client_id');
      IF balance IS NULL THEN
        results := results || jsonb_build_object('error', 'credits.insufficient');
        CONTINUE;
      END IF;
    END IF;

    -- The safety flags (ADR 29): the scam signs count in a conversation's first ten messages only;
    -- an opening already sent in two other conversations within a day is a pasted introduction.
    flags := ARRAY(SELECT jsonb_array_elements_text(coalesce(s->'flags', '[]'::jsonb)));
    IF flags && ARRAY['contact', 'money'] AND (SELECT count(*) FROM (SELECT 1 FROM "messages" m
        WHERE m."conversation_id" = conversation LIMIT 10) first_ten) >= 10 THEN
      flags := array_remove(array_remove(flags, 'contact'), 'money');
    END IF;
    IF NOT target.has_sent AND s->>'text_hash' IS NOT NULL AND (SELECT count(*) FROM "opening_messages" o
        WHERE o."sender_user_id" = sender_id AND o."text_hash" = s->>'text_hash'
          AND o."conversation_id" <> conversation
          AND o."created_at" > (s->>'at')::timestamptz - interval '1 day') >= 2 THEN
      flags := flags || 'pasted'::text;
    END IF;

    -- The message and both sides in one statement (their rows locked in key order): the sender's
    -- side is read up to the message, the partner's gets one more unread; both come back to the lists.
    WITH saved AS (
      INSERT INTO "messages" ("conversation_id", "sender_user_id", "kind", "body", "payload",
          "cost", "client_id", "created_at", "flags")
        VALUES (conversation, sender_id, s->>'kind', s->>'text', nullif(s->'payload', 'null'::jsonb),
          cost, s->>'client_id', (s->>'at')::timestamptz, flags)
        RETURNING *
    ), sides AS (
      UPDATE "conversation_members" cm SET "last_message_at" = saved."created_at", "hidden" = false,
          "last_read_message_id" = CASE WHEN cm."user_id" = sender_id THEN saved."id" ELSE cm."last_read_message_id" END,
          "unread" = CASE WHEN cm."user_id" = sender_id THEN 0 ELSE cm."unread" + 1 END,
          "has_sent" = cm."has_sent" OR cm."user_id" = sender_id,
          -- Whose turn (issue 61, point 4): the sender's ends; the partner's runs from the first unanswered.
          "turn_since" = CASE WHEN cm."user_id" = sender_id THEN NULL ELSE coalesce(cm."turn_since", saved."created_at") END,
          "free_opening" = cm."free_opening" OR (cm."user_id" = sender_id AND is_free)
        FROM saved WHERE cm."conversation_id" = conversation
        RETURNING cm."user_id", cm."unread"
    )
    SELECT message_json(saved::"messages", sender.profile_id),
        (SELECT sides."unread" FROM sides WHERE sides."user_id" = target.partner_user_id)
      INTO msg, partner_unread FROM saved;

    -- The operators' inbox (ADR 17): a member writing to a fictional profile waits from their first
    -- unanswered message; the fictional profile's answer ends the wait.
    IF target.partner_fictional AND NOT sender.fictional THEN
      INSERT INTO "operator_queue" ("conversation_id", "site_id", "member_user_id", "fictional_user_id", "waiting_since")
        VALUES (conversation, sender."site_id", sender_id, target.partner_user_id, (msg->>'created_at')::timestamptz)
        ON CONFLICT ("conversation_id") DO NOTHING;
    ELSIF sender.fictional THEN
      DELETE FROM "operator_queue" WHERE "conversation_id" = conversation;
    END IF;

    result := jsonb_build_object('message', msg, 'credits', balance, 'sender_user_id', sender_id,
      'fresh', jsonb_build_object('partner_user_id', target.partner_user_id, 'unread', partner_unread,
        'charged', cost > 0, 'opening', NOT target.has_sent,
        'to_fictional', target.partner_fictional AND NOT sender.fictional,
        'partner_push', EXISTS (SELECT 1 FROM "push_subscriptions" ps WHERE ps."user_id" = target.partner_user_id)));
    results := results || result;
    IF jsonb_typeof(s->'notify') = 'object' THEN
      notice := (s->'notify'->>'head') || jsonb_build_object('result', result, 'tab', s->'tab')::text || '}';
      IF octet_length(notice) < 8000 THEN
        PERFORM pg_notify(s->'notify'->>'channel', notice);
      END IF;
    END IF;
  END LOOP;
  RETURN to_jsonb(results);
END
$$;
