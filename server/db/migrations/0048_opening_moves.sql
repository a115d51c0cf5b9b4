CREATE TABLE "opening_moves" (
	"profile_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"move" text NOT NULL,
	CONSTRAINT "opening_moves_profile_id_position_pk" PRIMARY KEY("profile_id","position")
);
--> statement-breakpoint
ALTER TABLE "opening_moves" ADD CONSTRAINT "opening_moves_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;