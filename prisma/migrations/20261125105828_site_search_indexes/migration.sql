-- canopy:hand-written
-- Trigram indexes for the global search of a site (GET /api/v1/sites/:slug/search): links by URL,
-- documents by URL or title, e-mail addresses and telephone numbers by value, each matched with
-- ILIKE '%term%', which no B-tree serves. Pages already have theirs (search_trigram_indexes,
-- list_search_indexes). A site reaches a million link occurrences over ~100k distinct links: without an
-- index every search would read all of them. The column alone, not (siteId, column): a large site's
-- entry would be intersected whole (see list_search_indexes); the site is checked on the rows found.
-- IF NOT EXISTS: the content quality and inventory lists search the same columns and may add the same
-- index.
CREATE INDEX IF NOT EXISTS "Link_url_trgm_idx" ON "Link" USING GIN ("url" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "Document_url_trgm_idx" ON "Document" USING GIN ("url" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "Document_title_trgm_idx" ON "Document" USING GIN ("title" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "Contact_value_trgm_idx" ON "Contact" USING GIN ("value" gin_trgm_ops);
