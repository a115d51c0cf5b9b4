ALTER TABLE "conversation_members" ADD COLUMN "turn_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "closed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_turn" ON "conversation_members" USING btree ("turn_since","user_id") WHERE "conversation_members"."turn_since" is not null;--> statement-breakpoint
-- Whose turn it is in the conversations already written: the partner's first message after the
-- member's last one, when the partner wrote last.
UPDATE "conversation_members" cm SET "turn_since" = (
  SELECT min(m."created_at") FROM "messages" m
  WHERE m."conversation_id" = cm."conversation_id" AND m."sender_user_id" = cm."partner_user_id"
    AND m."id" > coalesce((SELECT max(o."id") FROM "messages" o
      WHERE o."conversation_id" = cm."conversation_id" AND o."sender_user_id" = cm."user_id"), 0)
);
