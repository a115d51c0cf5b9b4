ALTER TABLE "users" ADD COLUMN "swipe_day_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "swipe_day_ends_at" timestamp with time zone;