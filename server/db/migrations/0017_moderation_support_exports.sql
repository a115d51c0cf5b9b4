CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"requested_by" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"file" text,
	"created_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "bans" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_signals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer
);
--> statement-breakpoint
CREATE TABLE "opening_messages" (
	"sender_user_id" integer NOT NULL,
	"text_hash" text NOT NULL,
	"conversation_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "opening_messages_sender_user_id_text_hash_conversation_id_pk" PRIMARY KEY("sender_user_id","text_hash","conversation_id")
);
--> statement-breakpoint
DROP INDEX "complaints_status";--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "outcome_reason" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "outcome_detail" jsonb;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "first_decided_by" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "appeal_token_hash" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "appeal_text" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "appealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_ip" text;--> statement-breakpoint
-- Photos that existed before moderation count as reviewed; reports keep their filing time as queue time.
UPDATE "photos" SET "reviewed_at" = "created_at" WHERE "status" <> 'pending';--> statement-breakpoint
UPDATE "complaints" SET "queued_at" = "created_at";--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bans" ADD CONSTRAINT "bans_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bans" ADD CONSTRAINT "bans_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_signals" ADD CONSTRAINT "member_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_signals" ADD CONSTRAINT "member_signals_reviewed_by_staff_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_messages" ADD CONSTRAINT "opening_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_pending" ON "data_exports" USING btree ("created_at") WHERE "data_exports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "data_exports_user" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bans_kind_value" ON "bans" USING btree ("kind","value",coalesce("site_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "member_signals_open" ON "member_signals" USING btree ("user_id","kind") WHERE "member_signals"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "member_signals_queue" ON "member_signals" USING btree ("created_at","id") WHERE "member_signals"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "opening_messages_created" ON "opening_messages" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_first_decided_by_staff_id_fk" FOREIGN KEY ("first_decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_to" ON "mail_outbox" USING btree ("to_address","id");--> statement-breakpoint
CREATE INDEX "complaints_queue" ON "complaints" USING btree ("queued_at","id") WHERE "complaints"."status" in ('open', 'appealed');--> statement-breakpoint
CREATE INDEX "complaints_created" ON "complaints" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "photos_review_queue" ON "photos" USING btree ("created_at","id") WHERE "photos"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "photos_phash_band0" ON "photos" USING btree ((("phash" >> 0) & 65535)) WHERE "photos"."phash" is not null;--> statement-breakpoint
CREATE INDEX "photos_phash_band1" ON "photos" USING btree ((("phash" >> 16) & 65535)) WHERE "photos"."phash" is not null;--> statement-breakpoint
CREATE INDEX "photos_phash_band2" ON "photos" USING btree ((("phash" >> 32) & 65535)) WHERE "photos"."phash" is not null;--> statement-breakpoint
CREATE INDEX "photos_phash_band3" ON "photos" USING btree ((("phash" >> 48) & 65535)) WHERE "photos"."phash" is not null;--> statement-breakpoint
CREATE INDEX "profiles_name_prefix" ON "profiles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_signup_ip" ON "users" USING btree ("signup_ip","signup_date") WHERE "users"."signup_ip" is not null;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_appeal_token_hash_unique" UNIQUE("appeal_token_hash");