-- The GIN index on articleSearchVector()'s expression (migration 0000) has not served a query since
-- the stored search_vector column and its own GIN index (0001): idx_scan 0 at 1,000,000 articles,
-- 232 MB, and a second GIN insert on every article write. Searches read search_vector or its copy.
DROP INDEX IF EXISTS "articles_search_idx";