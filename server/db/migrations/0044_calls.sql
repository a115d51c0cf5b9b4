CREATE TABLE "calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"caller_user_id" integer NOT NULL,
	"callee_user_id" integer NOT NULL,
	"video" boolean NOT NULL,
	"state" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ring_ends_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"credits_per_minute" integer NOT NULL,
	"minutes_charged" integer DEFAULT 0 NOT NULL,
	"next_charge_at" timestamp with time zone,
	"caller_session" text NOT NULL,
	"callee_session" text
);
--> statement-breakpoint
ALTER TABLE "conversation_members" ADD COLUMN "calls_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_days" ADD COLUMN "calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_days" ADD COLUMN "call_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_caller_user_id_users_id_fk" FOREIGN KEY ("caller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_callee_user_id_users_id_fk" FOREIGN KEY ("callee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_live_caller" ON "calls" USING btree ("caller_user_id") WHERE state <> 'ended';--> statement-breakpoint
CREATE INDEX "calls_live_callee" ON "calls" USING btree ("callee_user_id") WHERE state <> 'ended';--> statement-breakpoint
CREATE INDEX "calls_ringing" ON "calls" USING btree ("ring_ends_at") WHERE state in ('ringing', 'declined');--> statement-breakpoint
CREATE INDEX "calls_charging" ON "calls" USING btree ("next_charge_at") WHERE state = 'active';--> statement-breakpoint
CREATE INDEX "calls_site_day" ON "calls" USING btree ("site_id","started_at");