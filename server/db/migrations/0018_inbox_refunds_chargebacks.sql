CREATE TABLE "member_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_user_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"waited_seconds" integer NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_queue" (
	"conversation_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"member_user_id" integer NOT NULL,
	"fictional_user_id" integer NOT NULL,
	"waiting_since" timestamp with time zone NOT NULL,
	"claimed_by" integer,
	"claim_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payments_blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_credits" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "spent_credits" integer;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "charged_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_answers" ADD CONSTRAINT "operator_answers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_answers" ADD CONSTRAINT "operator_answers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_queue" ADD CONSTRAINT "operator_queue_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_queue" ADD CONSTRAINT "operator_queue_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_queue" ADD CONSTRAINT "operator_queue_fictional_user_id_users_id_fk" FOREIGN KEY ("fictional_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_queue" ADD CONSTRAINT "operator_queue_claimed_by_staff_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notes_member" ON "member_notes" USING btree ("member_user_id","created_at");--> statement-breakpoint
CREATE INDEX "operator_answers_staff" ON "operator_answers" USING btree ("staff_id","answered_at");--> statement-breakpoint
CREATE INDEX "operator_answers_answered" ON "operator_answers" USING btree ("answered_at");--> statement-breakpoint
CREATE INDEX "operator_queue_waiting" ON "operator_queue" USING btree ("waiting_since","conversation_id");--> statement-breakpoint
CREATE INDEX "operator_queue_site_waiting" ON "operator_queue" USING btree ("site_id","waiting_since");