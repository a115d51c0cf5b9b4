CREATE TABLE "banned_faces" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"user_id" integer,
	"photo_id" integer,
	"source" text NOT NULL,
	"embedding" real[],
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "banned_face" jsonb;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "banned_face" jsonb;--> statement-breakpoint
ALTER TABLE "banned_faces" ADD CONSTRAINT "banned_faces_report_id_complaints_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banned_faces" ADD CONSTRAINT "banned_faces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banned_faces" ADD CONSTRAINT "banned_faces_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banned_faces_report" ON "banned_faces" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "banned_faces_waiting" ON "banned_faces" USING btree ("id") WHERE "banned_faces"."embedding" is null;