-- Search at 100,000 articles (bench/, docs/performance.md): the expression index alone makes PostgreSQL
-- recompute to_tsvector for every candidate row (to rank it, or to filter while walking the date index),
-- 0.1-6 s per query. A stored copy of the same document, with its own GIN index, makes those reads cheap.
-- Kept out of the drizzle schema on purpose so `select()` of an article never ships the vector.
ALTER TABLE "articles" ADD COLUMN IF NOT EXISTS "search_vector" tsvector GENERATED ALWAYS AS ((setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("excerpt", '')), 'B') || setweight(jsonb_to_tsvector('english'::regconfig, coalesce("tags", '[]'::jsonb), '["string"]'), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("content", '')), 'C'))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articles_search_vector_idx" ON "articles" USING gin ("search_vector");
