CREATE TABLE "content_pages" (
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"markdown" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_pages_site_id_name_language_pk" PRIMARY KEY("site_id","name","language")
);
--> statement-breakpoint
CREATE TABLE "stats_days" (
	"day" date NOT NULL,
	"site_id" integer NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"sub1" text DEFAULT '' NOT NULL,
	"sub2" text DEFAULT '' NOT NULL,
	"sub3" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"first_purchases" integer DEFAULT 0 NOT NULL,
	"paying_members" integer DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"answer_wait_seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_days_pk" PRIMARY KEY("day","site_id","network","ref","sub1","sub2","sub3","currency")
);
--> statement-breakpoint
CREATE TABLE "stats_message_days" (
	"day" date NOT NULL,
	"site_id" integer NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"sub1" text DEFAULT '' NOT NULL,
	"sub2" text DEFAULT '' NOT NULL,
	"sub3" text DEFAULT '' NOT NULL,
	"to_members" integer DEFAULT 0 NOT NULL,
	"to_fictional" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_message_days_pk" PRIMARY KEY("day","site_id","network","ref","sub1","sub2","sub3")
);
--> statement-breakpoint
CREATE TABLE "stats_rollups" (
	"name" text PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_visit_days" (
	"day" date NOT NULL,
	"site_id" integer NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"sub1" text DEFAULT '' NOT NULL,
	"sub2" text DEFAULT '' NOT NULL,
	"sub3" text DEFAULT '' NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_visit_days_pk" PRIMARY KEY("day","site_id","network","ref","sub1","sub2","sub3")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_days" ADD CONSTRAINT "stats_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_message_days" ADD CONSTRAINT "stats_message_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_visit_days" ADD CONSTRAINT "stats_visit_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_signup_date" ON "users" USING btree ("signup_date");--> statement-breakpoint
CREATE INDEX "users_confirmed" ON "users" USING btree ("confirmed_at") WHERE "users"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_credited" ON "payments" USING btree ("credited_at") WHERE "payments"."credited_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_refunded" ON "payments" USING btree ("refunded_at") WHERE "payments"."refunded_at" is not null;--> statement-breakpoint
UPDATE "payments" SET "refunded_at" = "updated_at" WHERE "status" = 'charged_back' AND "refunded_at" IS NULL;