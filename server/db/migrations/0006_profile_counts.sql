CREATE TABLE "profile_counts" (
	"country" char(2) NOT NULL,
	"gender" text NOT NULL,
	"region_id" integer NOT NULL,
	"birth_year" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "profile_counts_country_gender_region_id_birth_year_pk" PRIMARY KEY("country","gender","region_id","birth_year")
);
--> statement-breakpoint
CREATE INDEX "profiles_visible_birth" ON "profiles" USING btree ("birth_date") WHERE "profiles"."status" = 'active' and not "profiles"."invisible" and not "profiles"."hidden";--> statement-breakpoint
-- profile_counts holds the visible profiles per bucket. Statement triggers with transition tables
-- make one upsert per statement, and write nothing when no bucket changes (last_active_at).
--> statement-breakpoint
CREATE FUNCTION "profile_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profile_counts" AS c ("country", "gender", "region_id", "birth_year", "n")
  SELECT d.country, d.gender, d.region_id, d.birth_year, sum(d.delta)::int
  FROM (
    SELECT country, gender, coalesce(region_id, 0) AS region_id,
      extract(year FROM birth_date)::smallint AS birth_year, 1 AS delta
    FROM new_rows WHERE status = 'active' AND NOT invisible AND NOT hidden
  ) d
  GROUP BY 1, 2, 3, 4
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("country", "gender", "region_id", "birth_year") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "profile_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profile_counts" AS c ("country", "gender", "region_id", "birth_year", "n")
  SELECT d.country, d.gender, d.region_id, d.birth_year, sum(d.delta)::int
  FROM (
    SELECT country, gender, coalesce(region_id, 0) AS region_id,
      extract(year FROM birth_date)::smallint AS birth_year, -1 AS delta
    FROM old_rows WHERE status = 'active' AND NOT invisible AND NOT hidden
  ) d
  GROUP BY 1, 2, 3, 4
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("country", "gender", "region_id", "birth_year") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "profile_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profile_counts" AS c ("country", "gender", "region_id", "birth_year", "n")
  SELECT d.country, d.gender, d.region_id, d.birth_year, sum(d.delta)::int
  FROM (
    SELECT country, gender, coalesce(region_id, 0) AS region_id,
      extract(year FROM birth_date)::smallint AS birth_year, -1 AS delta
    FROM old_rows WHERE status = 'active' AND NOT invisible AND NOT hidden
    UNION ALL
    SELECT country, gender, coalesce(region_id, 0) AS region_id,
      extract(year FROM birth_date)::smallint AS birth_year, 1 AS delta
    FROM new_rows WHERE status = 'active' AND NOT invisible AND NOT hidden
  ) d
  GROUP BY 1, 2, 3, 4
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("country", "gender", "region_id", "birth_year") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profile_counts_insert" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "profile_counts_delete" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_counts_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "profile_counts_update" AFTER UPDATE ON "profiles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profile_counts_on_update"();
--> statement-breakpoint
INSERT INTO "profile_counts" ("country", "gender", "region_id", "birth_year", "n")
SELECT country, gender, coalesce(region_id, 0), extract(year FROM birth_date)::smallint, count(*)::int
FROM "profiles" WHERE status = 'active' AND NOT invisible AND NOT hidden
GROUP BY 1, 2, 3, 4;
