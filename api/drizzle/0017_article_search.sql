-- Public search at 100,000 articles (issue 29, docs/performance.md "Search"): finding a search's newest
-- matches visits each match's row for its status and date, and an article row is ~1.5 KB (5 a page),
-- so a word pair with a few thousand matches read thousands of pages (25-50 ms, up to 0.35 s). This
-- narrow copy holds only what the search filters and sorts on (8.5 MB for 100,000 articles, so it
-- stays in memory) and the vector out of line (toast_tuple_target, STORAGE EXTERNAL: it is read only
-- for the 200 candidates a search ranks). 60 random pairs: 30-50 ms mean -> 7 ms; single words 13-26 -> 9.
-- Kept by a trigger, so every write path (editor, RSS import, bulk seeding) keeps it without knowing.
-- Out of the drizzle schema, as search_vector is: routes/content/public-search.ts reads it with SQL.
CREATE TABLE IF NOT EXISTS "article_search" (
	"id" integer PRIMARY KEY NOT NULL REFERENCES "articles"("id") ON DELETE CASCADE,
	"status" text NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"search_vector" tsvector NOT NULL
) WITH (toast_tuple_target = 128);--> statement-breakpoint
ALTER TABLE "article_search" ALTER COLUMN "search_vector" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "article_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "article_search" ("id", "status", "sort_at", "category", "search_vector")
	VALUES (NEW."id", NEW."status", coalesce(NEW."published_at", NEW."created_at"), NEW."category", NEW."search_vector")
	ON CONFLICT ("id") DO UPDATE SET "status" = excluded."status", "sort_at" = excluded."sort_at",
		"category" = excluded."category", "search_vector" = excluded."search_vector";
	RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "articles_search_sync" ON "articles";--> statement-breakpoint
-- Only the columns the copy is made of: a write of anything else (the rendered body, counters) costs nothing here.
CREATE TRIGGER "articles_search_sync" AFTER INSERT OR UPDATE OF "status", "published_at", "created_at", "category", "title", "excerpt", "tags", "content"
	ON "articles" FOR EACH ROW EXECUTE FUNCTION "article_search_sync"();--> statement-breakpoint
INSERT INTO "article_search" ("id", "status", "sort_at", "category", "search_vector")
	SELECT "id", "status", coalesce("published_at", "created_at"), "category", "search_vector" FROM "articles"
	ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "article_search_vector_idx" ON "article_search" USING gin ("search_vector");--> statement-breakpoint
ANALYZE "article_search";
