DROP INDEX "profiles_search";--> statement-breakpoint
DROP INDEX "profiles_last_active";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_visible_recent" ON "profiles" USING btree ("last_active_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "profiles"."status" = 'active' and not "profiles"."invisible" and not "profiles"."hidden";--> statement-breakpoint
CREATE INDEX "profiles_visible_country_gender" ON "profiles" USING btree ("country","gender","last_active_at" DESC NULLS LAST) WHERE "profiles"."status" = 'active' and not "profiles"."invisible" and not "profiles"."hidden";--> statement-breakpoint
CREATE INDEX "profiles_visible_region_gender" ON "profiles" USING btree ("region_id","gender","last_active_at" DESC NULLS LAST) WHERE "profiles"."status" = 'active' and not "profiles"."invisible" and not "profiles"."hidden";--> statement-breakpoint
CREATE INDEX "profiles_visible_country_gender_birth" ON "profiles" USING btree ("country","gender","birth_date") WHERE "profiles"."status" = 'active' and not "profiles"."invisible" and not "profiles"."hidden";