DROP INDEX "articles_status_newest_idx";--> statement-breakpoint
DROP INDEX "articles_status_category_newest_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "suggested_rating" real;--> statement-breakpoint
CREATE INDEX "articles_public_newest_idx" ON "articles" USING btree (coalesce("published_at", "created_at") desc,"id" desc) WHERE "articles"."status" in ('published', 'scheduled');--> statement-breakpoint
CREATE INDEX "articles_public_category_newest_idx" ON "articles" USING btree ("category",coalesce("published_at", "created_at") desc,"id" desc) WHERE "articles"."status" in ('published', 'scheduled');--> statement-breakpoint
CREATE INDEX "articles_newest_idx" ON "articles" USING btree (coalesce("published_at", "created_at") desc,"id" desc);--> statement-breakpoint
CREATE INDEX "articles_updated_idx" ON "articles" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_title_idx" ON "articles" USING btree ("title","id");--> statement-breakpoint
-- Approved reader stories made before the origin column: their submission points at them.
UPDATE "articles" SET "origin" = 'story' WHERE "id" IN (SELECT "article_id" FROM "story_submissions" WHERE "article_id" IS NOT NULL);
