-- The news filter buttons' counts at 1,000,000 articles (issue 43, docs/performance.md "Deep paging
-- and counts"): counting every public article per category scanned the table, 311 ms on 2 cores.
-- This keeps, per category, the articles whose status can be public (published or scheduled); a read
-- takes away the few whose time has not come yet (an index range of the future), so it stays exact.
-- Kept by statement triggers over their transition tables: one upsert per statement, whatever its
-- size (an RSS import, a bulk action, the bench's seeding), and every write path keeps it unknowingly.
-- Out of the drizzle schema, as article_search is: routes/content/category-counts.ts reads it with SQL.
CREATE TABLE IF NOT EXISTS "article_category_counts" (
	"category" text PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "article_category_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Categories in one order, so two writers never wait on each other's rows crosswise.
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "article_category_counts" ("category", "n")
			SELECT "category", count(*) FROM "new_rows" WHERE "status" IN ('published', 'scheduled')
			GROUP BY "category" ORDER BY "category"
			ON CONFLICT ("category") DO UPDATE SET "n" = "article_category_counts"."n" + excluded."n";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "article_category_counts" ("category", "n")
			SELECT "category", -count(*) FROM "old_rows" WHERE "status" IN ('published', 'scheduled')
			GROUP BY "category" ORDER BY "category"
			ON CONFLICT ("category") DO UPDATE SET "n" = "article_category_counts"."n" + excluded."n";
	ELSE
		INSERT INTO "article_category_counts" ("category", "n")
			SELECT "category", sum("d") FROM (
				SELECT "category", 1 AS "d" FROM "new_rows" WHERE "status" IN ('published', 'scheduled')
				UNION ALL
				SELECT "category", -1 FROM "old_rows" WHERE "status" IN ('published', 'scheduled')
			) AS "changes" GROUP BY "category" HAVING sum("d") <> 0 ORDER BY "category"
			ON CONFLICT ("category") DO UPDATE SET "n" = "article_category_counts"."n" + excluded."n";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "article_category_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "article_category_counts";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "articles_category_counts_insert" AFTER INSERT ON "articles"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "article_category_counts_sync"();--> statement-breakpoint
CREATE TRIGGER "articles_category_counts_update" AFTER UPDATE ON "articles"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "article_category_counts_sync"();--> statement-breakpoint
CREATE TRIGGER "articles_category_counts_delete" AFTER DELETE ON "articles"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "article_category_counts_sync"();--> statement-breakpoint
CREATE TRIGGER "articles_category_counts_truncate" AFTER TRUNCATE ON "articles"
	FOR EACH STATEMENT EXECUTE FUNCTION "article_category_counts_reset"();--> statement-breakpoint
INSERT INTO "article_category_counts" ("category", "n")
	SELECT "category", count(*) FROM "articles" WHERE "status" IN ('published', 'scheduled') GROUP BY "category"
	ON CONFLICT ("category") DO UPDATE SET "n" = excluded."n";
