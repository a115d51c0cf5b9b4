ALTER TABLE "sms_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "provider_id" text;--> statement-breakpoint
CREATE INDEX "sms_outbox_pending" ON "sms_outbox" USING btree ("id") WHERE "sms_outbox"."sent_at" is null;