CREATE TABLE "spending_limits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"monthly_limit" integer,
	"currency" text NOT NULL,
	"pending_limit" integer,
	"pending_currency" text,
	"pending_from" timestamp with time zone,
	"break_until" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spending_limits" ADD CONSTRAINT "spending_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;