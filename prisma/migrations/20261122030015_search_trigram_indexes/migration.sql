-- canopy:hand-written
-- Trigram indexes for the list screens' substring search (Prisma's `contains` with
-- mode: 'insensitive' is ILIKE '%term%', which no B-tree index can serve). Sites reach 100k pages,
-- so a page search must not scan the site's rows. Prisma's schema cannot declare these indexes;
-- pnpm db:migration:create keeps them (see prisma/README.md).
--
-- Both extensions ship with PostgreSQL and are trusted: the database owner may create them.
-- btree_gin lets one GIN index hold siteId next to the trigrams, so a search inside one site
-- reads only that site's entries instead of matching every site's pages and filtering afterwards.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

-- Pages list, inventory and issue screens: search by URL or title within a site.
CREATE INDEX "Page_siteId_url_trgm_idx" ON "Page" USING GIN ("siteId", "url" gin_trgm_ops);
CREATE INDEX "Page_siteId_title_trgm_idx" ON "Page" USING GIN ("siteId", "title" gin_trgm_ops);

-- Section switcher and manage-sections list: search by title within a site.
CREATE INDEX "Section_siteId_title_trgm_idx" ON "Section" USING GIN ("siteId", "title" gin_trgm_ops);

-- Site selector: search by name.
CREATE INDEX "Site_siteName_trgm_idx" ON "Site" USING GIN ("siteName" gin_trgm_ops);

-- Users lists: search by e-mail address or name.
CREATE INDEX "User_email_trgm_idx" ON "User" USING GIN ("email" gin_trgm_ops);
CREATE INDEX "User_firstName_trgm_idx" ON "User" USING GIN ("firstName" gin_trgm_ops);
CREATE INDEX "User_lastName_trgm_idx" ON "User" USING GIN ("lastName" gin_trgm_ops);
