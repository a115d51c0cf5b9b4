ALTER TABLE "photos" ADD COLUMN "explicit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "openings_held_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_flagged" ON "messages" USING btree ("sender_user_id","created_at") WHERE flags <> '{}'::text[];