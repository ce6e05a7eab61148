-- Admin article search at 1,000,000 articles (issue 43, admin-search.ts, docs/performance.md): the
-- search's bitmap of a common word over the articles table (~5 rows a page) spans ~170,000 pages and
-- cost 100-300 ms before any row was read; over the narrow copy (migration 0017; ~45 rows a page with
-- the columns below) the first 1,001 matches cost ~15 ms. So the copy also holds what the admin
-- list filters and sorts on, and the admin search finds its page's ids there, reading the wide rows
-- of that page alone.
-- Built anew rather than updated in place: an update of every row leaves each old version behind
-- until a vacuum (which cannot run inside a migration), and the table and its GIN index twice the size.
DROP TABLE IF EXISTS "article_search";--> statement-breakpoint
CREATE TABLE "article_search" (
	"id" integer PRIMARY KEY NOT NULL REFERENCES "articles"("id") ON DELETE CASCADE,
	"status" text NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"search_vector" tsvector NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	-- The origin as the admin list names it: 'rss' (imported), else the article's own, else 'editor'.
	"origin" text NOT NULL,
	"source" text,
	"created_by" text
) WITH (toast_tuple_target = 128);--> statement-breakpoint
-- The vector out of line (read only for the rows a search ranks or a walk tests); the short texts in
-- the row: a row is over toast_tuple_target, and a title moved out of line cost 4 buffer reads.
ALTER TABLE "article_search" ALTER COLUMN "search_vector" SET STORAGE EXTERNAL,
	ALTER COLUMN "status" SET STORAGE PLAIN, ALTER COLUMN "category" SET STORAGE PLAIN,
	ALTER COLUMN "title" SET STORAGE PLAIN, ALTER COLUMN "origin" SET STORAGE PLAIN,
	ALTER COLUMN "source" SET STORAGE PLAIN, ALTER COLUMN "created_by" SET STORAGE PLAIN;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "article_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "article_search" ("id", "status", "sort_at", "category", "search_vector", "updated_at", "title", "origin", "source", "created_by")
	VALUES (NEW."id", NEW."status", coalesce(NEW."published_at", NEW."created_at"), NEW."category", NEW."search_vector",
		NEW."updated_at", NEW."title", CASE WHEN NEW."external_key" IS NOT NULL THEN 'rss' ELSE coalesce(NEW."origin", 'editor') END,
		NEW."source", NEW."created_by")
	ON CONFLICT ("id") DO UPDATE SET "status" = excluded."status", "sort_at" = excluded."sort_at",
		"category" = excluded."category", "search_vector" = excluded."search_vector", "updated_at" = excluded."updated_at",
		"title" = excluded."title", "origin" = excluded."origin", "source" = excluded."source", "created_by" = excluded."created_by";
	RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "articles_search_sync" ON "articles";--> statement-breakpoint
CREATE TRIGGER "articles_search_sync" AFTER INSERT OR UPDATE OF "status", "published_at", "created_at", "category", "title", "excerpt", "tags", "content", "updated_at", "external_key", "origin", "source", "created_by"
	ON "articles" FOR EACH ROW EXECUTE FUNCTION "article_search_sync"();--> statement-breakpoint
INSERT INTO "article_search" ("id", "status", "sort_at", "category", "search_vector", "updated_at", "title", "origin", "source", "created_by")
	SELECT "id", "status", coalesce("published_at", "created_at"), "category", "search_vector", "updated_at", "title",
		CASE WHEN "external_key" IS NOT NULL THEN 'rss' ELSE coalesce("origin", 'editor') END, "source", "created_by"
	FROM "articles" ORDER BY "id";--> statement-breakpoint
CREATE INDEX "article_search_vector_idx" ON "article_search" USING gin ("search_vector");--> statement-breakpoint
-- The admin sorts (admin-list.ts ADMIN_ARTICLE_SORTS) and the filters a search ANDs its bitmap with.
CREATE INDEX "article_search_newest_idx" ON "article_search" USING btree ("sort_at" desc, "id" desc);--> statement-breakpoint
CREATE INDEX "article_search_updated_idx" ON "article_search" USING btree ("updated_at" desc, "id" desc);--> statement-breakpoint
CREATE INDEX "article_search_title_idx" ON "article_search" USING btree ("title", "id");--> statement-breakpoint
CREATE INDEX "article_search_category_newest_idx" ON "article_search" USING btree ("category", "sort_at" desc, "id" desc);--> statement-breakpoint
CREATE INDEX "article_search_status_updated_idx" ON "article_search" USING btree ("status", "updated_at" desc, "id" desc);--> statement-breakpoint
ANALYZE "article_search";
