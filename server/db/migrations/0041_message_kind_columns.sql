DROP INDEX "messages_photo";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "gift_key";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "photo_filename";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "photo_thumb";