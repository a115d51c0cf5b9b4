ALTER TABLE "profiles" ADD COLUMN "about_translations" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "seek_min_age" smallint;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "seek_max_age" smallint;