CREATE TABLE "verification_frames" (
	"verification_id" integer NOT NULL,
	"pose" smallint NOT NULL,
	"n" smallint NOT NULL,
	"image" "bytea" NOT NULL,
	CONSTRAINT "verification_frames_verification_id_pose_n_pk" PRIMARY KEY("verification_id","pose","n")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"poses" text[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"scores" jsonb,
	"embedding" real[],
	"same_face_user_ids" integer[],
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "verified_faces" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"embedding" real[] NOT NULL,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "verified_photo_id" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "verified" boolean GENERATED ALWAYS AS (verified_photo_id is not null and verified_photo_id = main_photo_id and not fictional) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_contact_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_frames" ADD CONSTRAINT "verification_frames_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_faces" ADD CONSTRAINT "verified_faces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifications_user" ON "verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "verifications_deciding" ON "verifications" USING btree ("sent_at","id") WHERE "verifications"."status" = 'deciding';--> statement-breakpoint
CREATE INDEX "verifications_review" ON "verifications" USING btree ("sent_at","id") WHERE "verifications"."status" = 'review';--> statement-breakpoint
CREATE INDEX "profiles_visible_verified" ON "profiles" USING btree ("last_active_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "profiles"."verified" and "profiles"."status" = 'active' and not "profiles"."invisible" and not "profiles"."hidden";--> statement-breakpoint
CREATE INDEX "profiles_verified_photo" ON "profiles" USING btree ("id") WHERE "profiles"."verified_photo_id" is not null;