ALTER TABLE "direct_debit_requests" ADD COLUMN IF NOT EXISTS "discount_code" text;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD COLUMN IF NOT EXISTS "amount" integer;