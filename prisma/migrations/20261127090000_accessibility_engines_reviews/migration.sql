-- A site's WCAG target and accessibility engines; conformance class, engines and ACT rules of each result;
-- reviewers' decisions on results that need review.
CREATE TYPE "ReviewDecision" AS ENUM ('confirmed', 'dismissed');

ALTER TABLE "Site" ADD COLUMN "wcagVersion" TEXT NOT NULL DEFAULT '2.2',
ADD COLUMN "wcagLevel" TEXT NOT NULL DEFAULT 'AA',
ADD COLUMN "accessibilityEngines" TEXT[] DEFAULT ARRAY['axe', 'equal-access', 'canopy']::TEXT[];

ALTER TABLE "PageIssue" ADD COLUMN "conformance" TEXT,
ADD COLUMN "engines" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "actRules" TEXT[] DEFAULT ARRAY[]::TEXT[];

ALTER TABLE "IssueSummary" ADD COLUMN "conformance" TEXT,
ADD COLUMN "engines" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "pagesReviewed" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "IssueReview" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "category" "IssueCategory" NOT NULL,
    "issueId" TEXT NOT NULL,
    "decision" "ReviewDecision" NOT NULL,
    "reason" TEXT,
    "userId" TEXT,
    "decidedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IssueReview_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "IssueReview_pageId_category_issueId_key" ON "IssueReview"("pageId", "category", "issueId");
CREATE INDEX "IssueReview_siteId_category_issueId_idx" ON "IssueReview"("siteId", "category", "issueId");

ALTER TABLE "IssueReview" ADD CONSTRAINT "IssueReview_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "IssueReview" ADD CONSTRAINT "IssueReview_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "IssueReview" ADD CONSTRAINT "IssueReview_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
