ALTER TABLE "discount_redemptions" ADD COLUMN "status" text DEFAULT 'used' NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD COLUMN "once_key" text;--> statement-breakpoint
CREATE INDEX "discount_redemptions_payment" ON "discount_redemptions" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_once_key_unique" UNIQUE("once_key");