CREATE TABLE "safety_days" (
	"day" date NOT NULL,
	"site_id" integer NOT NULL,
	"event" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "safety_days_pk" PRIMARY KEY("day","site_id","event")
);
--> statement-breakpoint
ALTER TABLE "conversation_members" ADD COLUMN "show_explicit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "explicit_score" real;--> statement-breakpoint
ALTER TABLE "safety_days" ADD CONSTRAINT "safety_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;