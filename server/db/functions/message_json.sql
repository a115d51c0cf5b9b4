-- message_json: a stored message as the API, the WebSocket and chat_send's answer show it
-- (common/schemas/message.ts's Message, issue 57 point 3): its text, what its kind stores (the
-- payload: a gift's key; a photo's or a voice note's files, served by the app at /media, which checks who asks:
-- never through a public CDN), client_id, date and the safety rules' flags; `profile_id` is the
-- sender's profile. The one place a message's row becomes its shape.
-- STABLE, as to_char is: PostgreSQL inlines an SQL function into the statement that calls it only
-- when its body is no more volatile than it says. Declared IMMUTABLE it was never inlined, and every
-- statement that called it (chat_send's, once per message) parsed and planned its body again: 17 %
-- of PostgreSQL's CPU in the chat bench at 1,000 messages a second (issue 62, ADR 39).
CREATE OR REPLACE FUNCTION "message_json"("m" "messages", "profile_id" int) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', m."id", 'conversation', m."conversation_id",
    'profile', coalesce(profile_id, 0), 'kind', m."kind", 'text', m."body", 'gift', m."payload"->>'gift',
    'photo', CASE WHEN m."kind" = 'photo' AND m."media_file" IS NOT NULL
        AND m."payload"->>'thumb' IS NOT NULL THEN
      jsonb_build_object('filename', '/media/' || m."media_file", 'thumb_filename', '/media/' || (m."payload"->>'thumb'))
    END,
    'voice', CASE WHEN m."kind" = 'voice' AND m."media_file" IS NOT NULL AND m."payload" ? 'seconds' THEN
      jsonb_build_object('filename', '/media/' || m."media_file", 'seconds', m."payload"->'seconds',
        'levels', coalesce(m."payload"->'levels', '[]'::jsonb),
        'played', coalesce((m."payload"->>'played')::boolean, false))
    END,
    'move', CASE WHEN m."payload" ? 'move' THEN
      jsonb_build_object('key', m."payload"->>'move', 'answer', m."payload"->'answer')
    END,
    'closing', coalesce((m."payload"->>'closing')::boolean, false),
    'client_id', m."client_id",
    'created_at', to_char(m."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'flags', to_jsonb(m."flags"))
$$;
