-- Custom SQL migration (drizzle-kit generate --custom): the triggers that keep deal_stage_counts
-- equal to count(*) of deals per organisation and stage (decision 019), and its backfill.
-- Writers of deals wait while the counts are backfilled, so no deal is counted twice or missed.
LOCK TABLE "deals" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- New deals, once per statement (a CSV import inserts hundreds in one). Rows are upserted in
-- (organisation, stage) order so that concurrent writers lock them in the same order.
CREATE FUNCTION "deal_stage_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "deal_stage_counts" AS c ("organization_id", "stage", "deal_count")
  SELECT "organization_id", "stage", count(*)::int FROM "added_deals"
  GROUP BY "organization_id", "stage"
  ORDER BY "organization_id", "stage"
  ON CONFLICT ("organization_id", "stage") DO UPDATE SET "deal_count" = c."deal_count" + excluded."deal_count";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deleted deals, once per statement (a company's or an organisation's delete cascades to many).
-- Only an UPDATE: when the organisation itself is being deleted its count rows go with it, and an
-- upsert would try to insert a row for an organisation that no longer exists. Rows are locked in
-- (organisation, stage) order first, for the same reason as above.
CREATE FUNCTION "deal_stage_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "deal_stage_counts" c
  WHERE (c."organization_id", c."stage") IN (SELECT "organization_id", "stage" FROM "removed_deals")
  ORDER BY c."organization_id", c."stage"
  FOR UPDATE;
  UPDATE "deal_stage_counts" c SET "deal_count" = c."deal_count" - r."removed"
  FROM (
    SELECT "organization_id", "stage", count(*)::int AS "removed" FROM "removed_deals"
    GROUP BY "organization_id", "stage"
  ) r
  WHERE c."organization_id" = r."organization_id" AND c."stage" = r."stage";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deal moved to another stage. Row-level with a WHEN clause rather than statement-level: a
-- trigger with transition tables cannot name columns, so it would capture every row of every
-- rescoring page (500 whole deals, old and new) to find no stage change; this one is skipped by
-- PostgreSQL itself unless the stage really changed, and stages change one deal at a time.
CREATE FUNCTION "deal_stage_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "deal_stage_counts" AS c ("organization_id", "stage", "deal_count")
  SELECT m."organization_id", m."stage", m."delta"
  FROM (VALUES (OLD."organization_id", OLD."stage", -1), (NEW."organization_id", NEW."stage", 1))
    AS m("organization_id", "stage", "delta")
  ORDER BY m."organization_id", m."stage"
  ON CONFLICT ("organization_id", "stage") DO UPDATE SET "deal_count" = c."deal_count" + excluded."deal_count";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "deal_stage_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "deal_stage_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_count_insert" AFTER INSERT ON "deals"
REFERENCING NEW TABLE AS "added_deals"
FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "deals_count_delete" AFTER DELETE ON "deals"
REFERENCING OLD TABLE AS "removed_deals"
FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_counts_remove"();
--> statement-breakpoint
CREATE TRIGGER "deals_count_stage" AFTER UPDATE OF "stage", "organization_id" ON "deals"
FOR EACH ROW
WHEN (OLD."stage" IS DISTINCT FROM NEW."stage" OR OLD."organization_id" IS DISTINCT FROM NEW."organization_id")
EXECUTE FUNCTION "deal_stage_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "deals_count_truncate" AFTER TRUNCATE ON "deals"
FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_counts_clear"();
--> statement-breakpoint
INSERT INTO "deal_stage_counts" ("organization_id", "stage", "deal_count")
SELECT "organization_id", "stage", count(*)::int FROM "deals" GROUP BY "organization_id", "stage";
