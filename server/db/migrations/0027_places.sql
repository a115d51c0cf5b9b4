-- Members' places as cells of a grid (ADR 26): the cell's key and centre on each profile, an index
-- that gives the nearest first among those the equal filters pick (btree_gist's equalities, then
-- cube's KNN), and the visible profiles counted per cell for totals within a distance.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "profile_cell_counts" (
	"geo_cell" integer NOT NULL,
	"country" char(2) NOT NULL,
	"gender" text NOT NULL,
	"region_id" integer NOT NULL,
	"birth_year" smallint NOT NULL,
	"n" integer NOT NULL,
	"geo" cube NOT NULL,
	CONSTRAINT "profile_cell_counts_geo_cell_country_gender_region_id_birth_year_pk" PRIMARY KEY("geo_cell","country","gender","region_id","birth_year")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "geo_cell" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "geo" cube;--> statement-breakpoint
CREATE INDEX "profile_cell_counts_near" ON "profile_cell_counts" USING gist ("gender","country","region_id","geo");--> statement-breakpoint
CREATE INDEX "profiles_visible_near" ON "profiles" USING gist ("gender","country","geo") WHERE "profiles"."status" = 'active' and not "profiles"."invisible" and not "profiles"."hidden";--> statement-breakpoint
-- Statement triggers with transition tables, as for profile_counts (migration 0006): one upsert per
-- statement, nothing written when no cell's bucket changes.
--> statement-breakpoint
CREATE FUNCTION "profile_cell_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profile_cell_counts" AS c ("geo_cell", "country", "gender", "region_id", "birth_year", "n", "geo")
  SELECT d.geo_cell, d.country, d.gender, d.region_id, d.birth_year, sum(d.delta)::int, min(d.geo::text)::cube
  FROM (
    SELECT geo_cell, country, gender, coalesce(region_id, 0) AS region_id,
      extract(year FROM birth_date)::smallint AS birth_year, geo, 1 AS delta
    FROM new_rows WHERE status = 'active' AND NOT invisible AND NOT hidden AND geo_cell IS NOT NULL
  ) d
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("geo_cell", "country", "gender", "region_id", "birth_year") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "profile_cell_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profile_cell_counts" AS c ("geo_cell", "country", "gender", "region_id", "birth_year", "n", "geo")
  SELECT d.geo_cell, d.country, d.gender, d.region_id, d.birth_year, sum(d.delta)::int, min(d.geo::text)::cube
  FROM (
    SELECT geo_cell, country, gender, coalesce(region_id, 0) AS region_id,
      extract(year FROM birth_date)::smallint AS birth_year, geo, -1 AS delta
    FROM old_rows WHERE status = 'active' AND NOT invisible AND NOT hidden AND geo_cell IS NOT NULL
  ) d
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("geo_cell", "country", "gender", "region_id", "birth_year") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "profile_cell_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profile_cell_counts" AS c ("geo_cell", "country", "gender", "region_id", "birth_year", "n", "geo")
  SELECT d.geo_cell, d.country, d.gender, d.region_id, d.birth_year, sum(d.delta)::int, min(d.geo::text)::cube
  FROM (
    SELECT geo_cell, country, gender, coalesce(region_id, 0) AS region_id,
      extract(year FROM birth_date)::smallint AS birth_year, geo, -1 AS delta
    FROM old_rows WHERE status = 'active' AND NOT invisible AND NOT hidden AND geo_cell IS NOT NULL
    UNION ALL
    SELECT geo_cell, country, gender, coalesce(region_id, 0) AS region_id,
      extract(year FROM birth_date)::smallint AS birth_year, geo, 1 AS delta
    FROM new_rows WHERE status = 'active' AND NOT invisible AND NOT hidden AND geo_cell IS NOT NULL
  ) d
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("geo_cell", "country", "gender", "region_id", "birth_year") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profile_cell_counts_insert" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_cell_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "profile_cell_counts_delete" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_cell_counts_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "profile_cell_counts_update" AFTER UPDATE ON "profiles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_cell_counts_on_update"();
