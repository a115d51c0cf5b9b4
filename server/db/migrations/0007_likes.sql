CREATE TABLE "likes" (
	"liker_user_id" integer NOT NULL,
	"liked_user_id" integer NOT NULL,
	"source" text DEFAULT 'profile' NOT NULL,
	"is_new" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_liker_user_id_liked_user_id_pk" PRIMARY KEY("liker_user_id","liked_user_id")
);
--> statement-breakpoint
CREATE TABLE "swipes" (
	"user_id" integer NOT NULL,
	"swiped_user_id" integer NOT NULL,
	"liked" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swipes_user_id_swiped_user_id_pk" PRIMARY KEY("user_id","swiped_user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liker_user_id_users_id_fk" FOREIGN KEY ("liker_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liked_user_id_users_id_fk" FOREIGN KEY ("liked_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_swiped_user_id_users_id_fk" FOREIGN KEY ("swiped_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "likes_liked_recent" ON "likes" USING btree ("liked_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "likes_liker_recent" ON "likes" USING btree ("liker_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "swipes_user_recent" ON "swipes" USING btree ("user_id","created_at" DESC NULLS LAST);