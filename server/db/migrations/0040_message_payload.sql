ALTER TABLE "messages" ADD COLUMN "payload" jsonb;--> statement-breakpoint
-- What each kind stored in a column of its own moves into the payload (ADR 35): a gift's key, a
-- photo's file and thumbnail; the old columns go in the next migration.
UPDATE "messages" SET "payload" = CASE
    WHEN "gift_key" IS NOT NULL THEN jsonb_build_object('gift', "gift_key")
    WHEN "photo_filename" IS NOT NULL THEN jsonb_build_object('file', "photo_filename", 'thumb', "photo_thumb")
  END
  WHERE "gift_key" IS NOT NULL OR "photo_filename" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_file" text GENERATED ALWAYS AS (payload->>'file') STORED;--> statement-breakpoint
CREATE INDEX "messages_media" ON "messages" USING btree ("media_file") WHERE media_file is not null;