CREATE TABLE "stats_bounce_days" (
	"day" date NOT NULL,
	"site_id" integer NOT NULL,
	"page" text NOT NULL,
	"exit" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_bounce_days_pk" PRIMARY KEY("day","site_id","page","exit")
);
--> statement-breakpoint
ALTER TABLE "stats_bounce_days" ADD CONSTRAINT "stats_bounce_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;