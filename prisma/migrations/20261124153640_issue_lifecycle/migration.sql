-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "hasOutline" BOOLEAN,
ADD COLUMN     "hasTextLayer" BOOLEAN;

-- AlterTable
ALTER TABLE "PageIssue" ADD COLUMN     "elementSignatures" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "failingSinceAt" TIMESTAMP(3),
ADD COLUMN     "failingSinceScanId" TEXT,
ADD COLUMN     "fixedAt" TIMESTAMP(3),
ADD COLUMN     "fixedInScanId" TEXT,
ADD COLUMN     "lastFailedAt" TIMESTAMP(3),
ADD COLUMN     "lastFailedScanId" TEXT;

-- Failing issues scanned before lifecycles existed start their stretch in the scan that last stored them.
UPDATE "PageIssue" SET "failingSinceAt" = "updatedAt", "failingSinceScanId" = "scanId",
  "lastFailedAt" = "updatedAt", "lastFailedScanId" = "scanId"
WHERE "outcome" = 'failed';

-- AlterTable
ALTER TABLE "Scan" ADD COLUMN     "number" INTEGER;

-- Scans queued before numbering get their numbers per site, in the order they were queued.
UPDATE "Scan" AS s SET "number" = numbered.n
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "siteId" ORDER BY "queuedAt", "id") AS n
  FROM "Scan" WHERE "siteId" IS NOT NULL AND "kind" <> 'single_page'
) AS numbered
WHERE s."id" = numbered."id";

-- CreateTable
CREATE TABLE "IssueSummary" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "scopeId" TEXT NOT NULL DEFAULT '',
    "category" "IssueCategory" NOT NULL,
    "issueId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "issueLevel" "IssueLevel" NOT NULL,
    "wcagCriteria" TEXT[],
    "pagesFailed" INTEGER NOT NULL,
    "pagesManual" INTEGER NOT NULL DEFAULT 0,
    "nodesFailed" INTEGER NOT NULL DEFAULT 0,
    "pagesNew" INTEGER NOT NULL DEFAULT 0,
    "pagesFixed" INTEGER NOT NULL DEFAULT 0,
    "firstSeenAt" TIMESTAMP(3),
    "scanId" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IssueSummary_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IssueTemplate" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "scopeId" TEXT NOT NULL DEFAULT '',
    "category" "IssueCategory" NOT NULL,
    "issueId" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "selector" TEXT NOT NULL,
    "snippet" TEXT NOT NULL,
    "pageCount" INTEGER NOT NULL,
    "clearsPages" INTEGER NOT NULL,
    "scanId" TEXT NOT NULL,

    CONSTRAINT "IssueTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IssueSummary_siteId_scopeId_category_pagesFailed_idx" ON "IssueSummary"("siteId", "scopeId", "category", "pagesFailed");

-- CreateIndex
CREATE UNIQUE INDEX "IssueSummary_siteId_scopeId_category_issueId_key" ON "IssueSummary"("siteId", "scopeId", "category", "issueId");

-- CreateIndex
CREATE INDEX "IssueTemplate_siteId_scopeId_category_pageCount_idx" ON "IssueTemplate"("siteId", "scopeId", "category", "pageCount");

-- CreateIndex
CREATE UNIQUE INDEX "IssueTemplate_siteId_scopeId_category_issueId_signature_key" ON "IssueTemplate"("siteId", "scopeId", "category", "issueId", "signature");

-- CreateIndex
CREATE INDEX "PageIssue_siteId_failingSinceScanId_idx" ON "PageIssue"("siteId", "failingSinceScanId");

-- CreateIndex
CREATE INDEX "PageIssue_siteId_fixedInScanId_idx" ON "PageIssue"("siteId", "fixedInScanId");

-- CreateIndex
CREATE UNIQUE INDEX "Scan_siteId_number_key" ON "Scan"("siteId", "number");

-- AddForeignKey
ALTER TABLE "IssueSummary" ADD CONSTRAINT "IssueSummary_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueTemplate" ADD CONSTRAINT "IssueTemplate_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
