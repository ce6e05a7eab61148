DROP INDEX "articles_status_category_date_idx";--> statement-breakpoint
DROP INDEX "articles_status_date_idx";--> statement-breakpoint
CREATE INDEX "articles_status_newest_idx" ON "articles" USING btree ("status",coalesce("published_at", "created_at") desc,"id" desc);--> statement-breakpoint
CREATE INDEX "articles_status_category_newest_idx" ON "articles" USING btree ("status","category",coalesce("published_at", "created_at") desc,"id" desc);