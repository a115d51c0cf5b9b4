ALTER TABLE "complaints" ADD COLUMN "context" jsonb;--> statement-breakpoint
-- Cases filed before the column: where they came from, read from the text that used to say it (the
-- text stays as the record of what a member wrote; a text the server wrote for staff or a signal is now
-- the context itself).
UPDATE "complaints" SET "context" = '{"source":"message","message":null,"flags":[],"quoted":[]}'::jsonb WHERE "context" IS NULL AND "message" LIKE 'Reported from the conversation:%';--> statement-breakpoint
UPDATE "complaints" SET "context" = '{"source":"sheet","conversation":null,"quoted":[]}'::jsonb WHERE "context" IS NULL AND "message" LIKE 'Reported from the report sheet:%';--> statement-breakpoint
UPDATE "complaints" SET "message" = '', "context" = jsonb_build_object('source', 'staff', 'by', "email") WHERE "context" IS NULL AND "reason" = 'staff';--> statement-breakpoint
UPDATE "complaints" SET "message" = '', "context" = jsonb_build_object('source', 'signal', 'kind', split_part("message", ': ', 1), 'detail', substr("message", position(': ' in "message") + 2)::jsonb) WHERE "context" IS NULL AND "reason" = 'signal';

