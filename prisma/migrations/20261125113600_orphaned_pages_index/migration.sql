-- canopy:hand-written
-- The orphaned pages list of a site (few of its pages) in URL order and its count, read from a partial index
-- of the orphans alone instead of filtering every page of the site (Prisma's schema cannot declare a partial
-- index).
CREATE INDEX "Page_siteId_url_orphaned_idx" ON "Page"("siteId", "url") WHERE "isOrphaned";
