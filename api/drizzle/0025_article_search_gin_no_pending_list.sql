-- Every public and admin search reads the copy's GIN index (issue 43). With fastupdate (the default)
-- new entries wait in a pending list of up to 4 MB that every search scans in full, and the write
-- that overflows it merges the lot: at 1,000,000 articles, 1,409 pending entries (454 pages) added
-- 1.5-2 ms to each lookup of 11-29 ms. Without it a write inserts into the index at once: ~1 ms more
-- an article written (1,000 inserts: 0.66 -> 1.64 s with both GIN indexes so set), paid far less
-- often than searches are made. The articles' own GIN index (bulk actions only) keeps the default.
ALTER INDEX "article_search_vector_idx" SET (fastupdate = off);
