-- AlterTable
ALTER TABLE "Misspelling" ADD COLUMN     "pageCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "totalCount" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Misspelling_siteId_totalCount_idx" ON "Misspelling"("siteId", "totalCount");

-- Existing misspellings get their totals now rather than at their site's next scan.
UPDATE "Misspelling" m SET "totalCount" = t.total, "pageCount" = t.pages
FROM (SELECT o."misspellingId" AS id, sum(o.count)::int AS total, count(*)::int AS pages
      FROM "MisspellingOccurrence" o GROUP BY o."misspellingId") t
WHERE t.id = m.id;
