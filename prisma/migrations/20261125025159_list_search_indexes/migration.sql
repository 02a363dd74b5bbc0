-- canopy:hand-written
-- Trigram indexes on the page's URL and title alone, for the pages lists' substring search (ILIKE
-- '%term%'). The (siteId, url) and (siteId, title) GIN indexes hold every page of a site under one siteId
-- entry, and a search intersects that whole entry with the trigrams: at 100k pages of one site a search
-- for 'page-4242' took 120-190 ms through them and 4-15 ms through these (the site is then checked on the
-- few rows found). The site-first indexes stay for searches of a small site in a large installation; the
-- planner picks the cheaper one.
CREATE INDEX "Page_url_trgm_idx" ON "Page" USING GIN ("url" gin_trgm_ops);
CREATE INDEX "Page_title_trgm_idx" ON "Page" USING GIN ("title" gin_trgm_ops);
