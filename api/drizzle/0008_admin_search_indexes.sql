-- Admin article search at 100,000 articles (issue 15, admin-search.ts, docs/performance.md).
-- articles_updated_idx was built "DESC NULLS LAST" while the list orders by "updated_at desc" (nulls
-- first), so no query could use it: rebuilt in the query's order. The status and category indexes let
-- a search AND its GIN bitmap with the filter before reading any row, and serve the filtered walks.
DROP INDEX "articles_updated_idx";--> statement-breakpoint
CREATE INDEX "articles_status_updated_idx" ON "articles" USING btree ("status","updated_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "articles_category_newest_idx" ON "articles" USING btree ("category",coalesce("published_at", "created_at") desc,"id" desc);--> statement-breakpoint
CREATE INDEX "articles_updated_idx" ON "articles" USING btree ("updated_at" desc,"id" desc);