CREATE TABLE "profile_prompts" (
	"profile_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"prompt" text NOT NULL,
	"answer" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "profile_prompts_profile_id_position_pk" PRIMARY KEY("profile_id","position")
);
--> statement-breakpoint
ALTER TABLE "profile_prompts" ADD CONSTRAINT "profile_prompts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;