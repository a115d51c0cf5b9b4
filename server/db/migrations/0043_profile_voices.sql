CREATE TABLE "profile_voices" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"prompt" text NOT NULL,
	"filename" text NOT NULL,
	"seconds" real NOT NULL,
	"levels" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text
);
--> statement-breakpoint
ALTER TABLE "profile_voices" ADD CONSTRAINT "profile_voices_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_voices_waiting" ON "profile_voices" USING btree ("created_at") WHERE reviewed_at is null;