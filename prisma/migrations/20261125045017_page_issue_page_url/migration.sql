-- AlterTable: every page issue carries its page's URL (a page's URL never changes), taken from the page
-- for the rows already there before the column is required.
ALTER TABLE "PageIssue" ADD COLUMN     "pageUrl" TEXT;
UPDATE "PageIssue" pi SET "pageUrl" = p.url FROM "Page" p WHERE p.id = pi."pageId";
ALTER TABLE "PageIssue" ALTER COLUMN "pageUrl" SET NOT NULL;

-- CreateIndex
CREATE INDEX "PageIssue_siteId_category_issueId_pageUrl_id_idx" ON "PageIssue"("siteId", "category", "issueId", "pageUrl", "id");

-- CreateIndex
CREATE INDEX "PageIssue_siteId_category_issueId_nodeCount_id_idx" ON "PageIssue"("siteId", "category", "issueId", "nodeCount", "id");

-- CreateIndex
CREATE INDEX "PageIssue_siteId_category_issueId_failingSinceAt_id_idx" ON "PageIssue"("siteId", "category", "issueId", "failingSinceAt", "id");
