-- CreateEnum
CREATE TYPE "OrganisationSubType" AS ENUM ('trial', 'plus', 'enterprise', 'free');

-- CreateEnum
CREATE TYPE "SubscriptionStatus" AS ENUM ('incomplete', 'active', 'past_due', 'canceled');

-- CreateEnum
CREATE TYPE "AccountTokenKind" AS ENUM ('verify_email', 'reset_password');

-- CreateEnum
CREATE TYPE "FormFactor" AS ENUM ('mobile', 'desktop');

-- CreateEnum
CREATE TYPE "InviteType" AS ENUM ('email', 'link');

-- CreateEnum
CREATE TYPE "SectionMatchType" AS ENUM ('Includes', 'Excludes');

-- CreateEnum
CREATE TYPE "SectionSource" AS ENUM ('Path', 'Author', 'Metatag');

-- CreateEnum
CREATE TYPE "SectionOperator" AS ENUM ('StartsWith', 'EndsWith', 'Contains', 'Equals', 'Regex');

-- CreateEnum
CREATE TYPE "ScanKind" AS ENUM ('site', 'section', 'page', 'single_page');

-- CreateEnum
CREATE TYPE "ScanState" AS ENUM ('queued', 'running', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "ScanTrigger" AS ENUM ('schedule', 'manual');

-- CreateEnum
CREATE TYPE "ReadabilityLevel" AS ENUM ('very_easy', 'easy', 'fairly_easy', 'standard', 'fairly_difficult', 'difficult', 'very_difficult', 'extremely_difficult');

-- CreateEnum
CREATE TYPE "PageResultStatus" AS ENUM ('succeeded', 'failed');

-- CreateEnum
CREATE TYPE "IssueCategory" AS ENUM ('accessibility', 'seo', 'performance', 'content_quality');

-- CreateEnum
CREATE TYPE "IssueLevel" AS ENUM ('A', 'AA', 'AAA', 'Error', 'Manual');

-- CreateEnum
CREATE TYPE "IssueOutcome" AS ENUM ('failed', 'manual', 'passed', 'not_applicable');

-- CreateEnum
CREATE TYPE "LinkKind" AS ENUM ('anchor', 'image');

-- CreateEnum
CREATE TYPE "DocumentKind" AS ENUM ('pdf', 'doc', 'spreadsheet', 'powerpoint', 'archive', 'media');

-- CreateEnum
CREATE TYPE "ContactKind" AS ENUM ('email', 'telephone');

-- CreateEnum
CREATE TYPE "IntegrationKind" AS ENUM ('issue_tracker', 'web_risk', 'analytics');

-- CreateTable
CREATE TABLE "Organisation" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "subType" "OrganisationSubType" NOT NULL DEFAULT 'free',
    "isBusinessOrOrganisation" BOOLEAN NOT NULL DEFAULT true,
    "emailAddress" TEXT,
    "phoneNumber" TEXT,
    "location" JSONB,
    "stripeCustomerId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Organisation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrganisationMember" (
    "organisationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "isAdministrator" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrganisationMember_pkey" PRIMARY KEY ("organisationId","userId")
);

-- CreateTable
CREATE TABLE "Subscription" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'monthly',
    "status" "SubscriptionStatus" NOT NULL DEFAULT 'incomplete',
    "scanLimit" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "billingAmount" DECIMAL(10,2) NOT NULL,
    "billingPeriod" TEXT NOT NULL DEFAULT 'monthly',
    "validTo" TIMESTAMP(3),
    "providerManaged" BOOLEAN NOT NULL DEFAULT true,
    "stripeSubscriptionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Subscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "passwordHash" TEXT,
    "emailVerifiedAt" TIMESTAMP(3),
    "isStaff" BOOLEAN NOT NULL DEFAULT false,
    "userRole" TEXT,
    "ssoProvider" TEXT,
    "accountExpiry" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "masqueradeAsUserId" TEXT,
    "userAgent" TEXT,
    "ip" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AccountToken" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" "AccountTokenKind" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AccountToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FeatureFlag" (
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FeatureFlag_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "Site" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "siteName" TEXT NOT NULL,
    "rootUri" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "productVersion" TEXT NOT NULL DEFAULT '2.1.1',
    "isPaying" BOOLEAN NOT NULL DEFAULT false,
    "firstScanCompleted" BOOLEAN NOT NULL DEFAULT false,
    "formFactor" "FormFactor" NOT NULL DEFAULT 'desktop',
    "maximumPageLimitPerScan" INTEGER NOT NULL DEFAULT 100,
    "scanLimit" INTEGER NOT NULL DEFAULT 100,
    "scanSchedule" TEXT NOT NULL DEFAULT '0 3 * * 1',
    "sitemapUrl" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Site_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SiteMembership" (
    "siteId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SiteMembership_pkey" PRIMARY KEY ("siteId","userId")
);

-- CreateTable
CREATE TABLE "Group" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "parentId" TEXT,
    "name" TEXT NOT NULL,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Group_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GroupMember" (
    "groupId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,

    CONSTRAINT "GroupMember_pkey" PRIMARY KEY ("groupId","userId")
);

-- CreateTable
CREATE TABLE "Invite" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "type" "InviteType" NOT NULL,
    "email" TEXT,
    "domain" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "acceptedAt" TIMESTAMP(3),
    "acceptedById" TEXT,
    "declinedAt" TIMESTAMP(3),

    CONSTRAINT "Invite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Section" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "pagesInSection" INTEGER NOT NULL DEFAULT 0,
    "overallScore" DOUBLE PRECISION,
    "hasFirstScanned" BOOLEAN NOT NULL DEFAULT false,
    "lastScannedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Section_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SectionCondition" (
    "id" TEXT NOT NULL,
    "sectionId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "matchType" "SectionMatchType" NOT NULL DEFAULT 'Includes',
    "source" "SectionSource" NOT NULL DEFAULT 'Path',
    "operator" "SectionOperator" NOT NULL DEFAULT 'StartsWith',
    "name" TEXT,
    "value" TEXT NOT NULL,

    CONSTRAINT "SectionCondition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SectionPage" (
    "sectionId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,

    CONSTRAINT "SectionPage_pkey" PRIMARY KEY ("sectionId","pageId")
);

-- CreateTable
CREATE TABLE "Scan" (
    "id" TEXT NOT NULL,
    "siteId" TEXT,
    "sectionId" TEXT,
    "kind" "ScanKind" NOT NULL,
    "trigger" "ScanTrigger" NOT NULL DEFAULT 'manual',
    "state" "ScanState" NOT NULL DEFAULT 'queued',
    "requestedById" TEXT,
    "individualUrl" TEXT,
    "pageLimit" INTEGER NOT NULL,
    "pagesDiscovered" INTEGER NOT NULL DEFAULT 0,
    "pagesQueued" INTEGER NOT NULL DEFAULT 0,
    "pagesScanned" INTEGER NOT NULL DEFAULT 0,
    "pagesFailed" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "result" JSONB,
    "queuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Scan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Page" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "canonicalUrl" TEXT,
    "title" TEXT,
    "metaDescription" TEXT,
    "language" TEXT,
    "author" TEXT,
    "httpStatus" INTEGER,
    "inSitemap" BOOLEAN NOT NULL DEFAULT false,
    "isOrphaned" BOOLEAN NOT NULL DEFAULT false,
    "isIndexable" BOOLEAN NOT NULL DEFAULT true,
    "contentHash" TEXT,
    "titleHash" TEXT,
    "descriptionHash" TEXT,
    "accessibilityScore" DOUBLE PRECISION,
    "seoScore" DOUBLE PRECISION,
    "performanceScore" DOUBLE PRECISION,
    "contentQualityScore" DOUBLE PRECISION,
    "readabilityFlesch" DOUBLE PRECISION,
    "readabilityLevel" "ReadabilityLevel",
    "brokenLinkCount" INTEGER NOT NULL DEFAULT 0,
    "brokenImageCount" INTEGER NOT NULL DEFAULT 0,
    "misspellingCount" INTEGER NOT NULL DEFAULT 0,
    "numberOfAccessibilityIssuesFailed" INTEGER NOT NULL DEFAULT 0,
    "numberOfSeoIssuesFailed" INTEGER NOT NULL DEFAULT 0,
    "numberOfPerformanceIssuesFailed" INTEGER NOT NULL DEFAULT 0,
    "performanceMetrics" JSONB,
    "metadata" JSONB,
    "screenshotPath" TEXT,
    "snapshotPath" TEXT,
    "pageViewsLastMonth" INTEGER NOT NULL DEFAULT 0,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastScannedAt" TIMESTAMP(3),
    "lastScanId" TEXT,

    CONSTRAINT "Page_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PageResult" (
    "id" TEXT NOT NULL,
    "scanId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "status" "PageResultStatus" NOT NULL,
    "error" TEXT,
    "httpStatus" INTEGER,
    "loadTimeMs" INTEGER,
    "scores" JSONB,
    "scannedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PageResult_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PageIssue" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "scanId" TEXT NOT NULL,
    "category" "IssueCategory" NOT NULL,
    "issueId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "issueLevel" "IssueLevel" NOT NULL,
    "outcome" "IssueOutcome" NOT NULL,
    "wcagCriteria" TEXT[],
    "auditGroup" TEXT,
    "score" DOUBLE PRECISION,
    "nodeCount" INTEGER NOT NULL DEFAULT 0,
    "details" JSONB,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PageIssue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IssueAssignment" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "category" "IssueCategory" NOT NULL,
    "issueId" TEXT NOT NULL,
    "assignedToUserId" TEXT,
    "assignedToRole" TEXT,
    "assignedById" TEXT NOT NULL,
    "comment" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IssueAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IssueTicket" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "issueId" TEXT NOT NULL,
    "ticketId" TEXT NOT NULL,
    "ticketUrl" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IssueTicket_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Link" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "isInternal" BOOLEAN NOT NULL,
    "status" INTEGER,
    "error" TEXT,
    "isBroken" BOOLEAN NOT NULL DEFAULT false,
    "isUnverified" BOOLEAN NOT NULL DEFAULT false,
    "redirectChain" JSONB,
    "finalUrl" TEXT,
    "riskType" TEXT,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "checkedAt" TIMESTAMP(3),
    "lastScanId" TEXT,

    CONSTRAINT "Link_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LinkOccurrence" (
    "linkId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "kind" "LinkKind" NOT NULL DEFAULT 'anchor',
    "count" INTEGER NOT NULL DEFAULT 1,
    "text" TEXT,

    CONSTRAINT "LinkOccurrence_pkey" PRIMARY KEY ("linkId","pageId","kind")
);

-- CreateTable
CREATE TABLE "Misspelling" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "word" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Misspelling_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MisspellingOccurrence" (
    "misspellingId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "MisspellingOccurrence_pkey" PRIMARY KEY ("misspellingId","pageId")
);

-- CreateTable
CREATE TABLE "Dictionary" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "language" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Dictionary_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DictionaryWord" (
    "id" TEXT NOT NULL,
    "dictionaryId" TEXT NOT NULL,
    "word" TEXT NOT NULL,
    "authorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DictionaryWord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Document" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "kind" "DocumentKind" NOT NULL,
    "title" TEXT,
    "author" TEXT,
    "language" TEXT,
    "pageCount" INTEGER,
    "size" INTEGER,
    "documentCreatedAt" TIMESTAMP(3),
    "documentModifiedAt" TIMESTAMP(3),
    "isTagged" BOOLEAN,
    "isScanned" BOOLEAN,
    "accessibilityScore" DOUBLE PRECISION,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "checkedAt" TIMESTAMP(3),

    CONSTRAINT "Document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentOccurrence" (
    "documentId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,

    CONSTRAINT "DocumentOccurrence_pkey" PRIMARY KEY ("documentId","pageId")
);

-- CreateTable
CREATE TABLE "Contact" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "kind" "ContactKind" NOT NULL,
    "value" TEXT NOT NULL,
    "valid" BOOLEAN NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Contact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactOccurrence" (
    "contactId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "ContactOccurrence_pkey" PRIMARY KEY ("contactId","pageId")
);

-- CreateTable
CREATE TABLE "HistoryPoint" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "sectionId" TEXT,
    "scanId" TEXT NOT NULL,
    "recordedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "numberOfPages" INTEGER NOT NULL,
    "overviewScore" DOUBLE PRECISION,
    "accessibilityScore" DOUBLE PRECISION,
    "seoScore" DOUBLE PRECISION,
    "performanceScore" DOUBLE PRECISION,
    "contentQualityScore" DOUBLE PRECISION,
    "readabilityScore" DOUBLE PRECISION,
    "metrics" JSONB NOT NULL,

    CONSTRAINT "HistoryPoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Integration" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "kind" "IntegrationKind" NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "config" JSONB NOT NULL DEFAULT '{}',
    "secrets" JSONB NOT NULL DEFAULT '{}',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Integration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Alert" (
    "id" TEXT NOT NULL,
    "siteId" TEXT,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "linkText" TEXT,
    "linkUrl" TEXT,
    "buttonText" TEXT,
    "illustration" TEXT,
    "publishedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3),

    CONSTRAINT "Alert_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Organisation_slug_key" ON "Organisation"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Organisation_stripeCustomerId_key" ON "Organisation"("stripeCustomerId");

-- CreateIndex
CREATE INDEX "Organisation_name_idx" ON "Organisation"("name");

-- CreateIndex
CREATE INDEX "OrganisationMember_userId_idx" ON "OrganisationMember"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Subscription_organisationId_key" ON "Subscription"("organisationId");

-- CreateIndex
CREATE UNIQUE INDEX "Subscription_stripeSubscriptionId_key" ON "Subscription"("stripeSubscriptionId");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_lastName_firstName_idx" ON "User"("lastName", "firstName");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "AccountToken_tokenHash_key" ON "AccountToken"("tokenHash");

-- CreateIndex
CREATE INDEX "AccountToken_userId_kind_idx" ON "AccountToken"("userId", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "Site_slug_key" ON "Site"("slug");

-- CreateIndex
CREATE INDEX "Site_organisationId_idx" ON "Site"("organisationId");

-- CreateIndex
CREATE INDEX "Site_siteName_idx" ON "Site"("siteName");

-- CreateIndex
CREATE INDEX "SiteMembership_userId_idx" ON "SiteMembership"("userId");

-- CreateIndex
CREATE INDEX "Group_parentId_idx" ON "Group"("parentId");

-- CreateIndex
CREATE UNIQUE INDEX "Group_siteId_name_key" ON "Group"("siteId", "name");

-- CreateIndex
CREATE INDEX "GroupMember_userId_idx" ON "GroupMember"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Invite_token_key" ON "Invite"("token");

-- CreateIndex
CREATE INDEX "Invite_siteId_createdAt_idx" ON "Invite"("siteId", "createdAt");

-- CreateIndex
CREATE INDEX "Invite_siteId_email_idx" ON "Invite"("siteId", "email");

-- CreateIndex
CREATE INDEX "Section_siteId_title_idx" ON "Section"("siteId", "title");

-- CreateIndex
CREATE UNIQUE INDEX "Section_siteId_slug_key" ON "Section"("siteId", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "SectionCondition_sectionId_position_key" ON "SectionCondition"("sectionId", "position");

-- CreateIndex
CREATE INDEX "SectionPage_pageId_idx" ON "SectionPage"("pageId");

-- CreateIndex
CREATE INDEX "Scan_siteId_queuedAt_idx" ON "Scan"("siteId", "queuedAt");

-- CreateIndex
CREATE INDEX "Scan_state_idx" ON "Scan"("state");

-- CreateIndex
CREATE INDEX "Page_siteId_title_idx" ON "Page"("siteId", "title");

-- CreateIndex
CREATE INDEX "Page_siteId_lastScannedAt_idx" ON "Page"("siteId", "lastScannedAt");

-- CreateIndex
CREATE INDEX "Page_siteId_accessibilityScore_idx" ON "Page"("siteId", "accessibilityScore");

-- CreateIndex
CREATE INDEX "Page_siteId_seoScore_idx" ON "Page"("siteId", "seoScore");

-- CreateIndex
CREATE INDEX "Page_siteId_performanceScore_idx" ON "Page"("siteId", "performanceScore");

-- CreateIndex
CREATE INDEX "Page_siteId_contentQualityScore_idx" ON "Page"("siteId", "contentQualityScore");

-- CreateIndex
CREATE INDEX "Page_siteId_readabilityLevel_readabilityFlesch_idx" ON "Page"("siteId", "readabilityLevel", "readabilityFlesch");

-- CreateIndex
CREATE INDEX "Page_siteId_contentHash_idx" ON "Page"("siteId", "contentHash");

-- CreateIndex
CREATE INDEX "Page_siteId_titleHash_idx" ON "Page"("siteId", "titleHash");

-- CreateIndex
CREATE INDEX "Page_siteId_descriptionHash_idx" ON "Page"("siteId", "descriptionHash");

-- CreateIndex
CREATE UNIQUE INDEX "Page_siteId_url_key" ON "Page"("siteId", "url");

-- CreateIndex
CREATE INDEX "PageResult_pageId_idx" ON "PageResult"("pageId");

-- CreateIndex
CREATE UNIQUE INDEX "PageResult_scanId_pageId_key" ON "PageResult"("scanId", "pageId");

-- CreateIndex
CREATE INDEX "PageIssue_siteId_category_outcome_issueId_idx" ON "PageIssue"("siteId", "category", "outcome", "issueId");

-- CreateIndex
CREATE UNIQUE INDEX "PageIssue_pageId_category_issueId_key" ON "PageIssue"("pageId", "category", "issueId");

-- CreateIndex
CREATE INDEX "IssueAssignment_siteId_assignedToUserId_idx" ON "IssueAssignment"("siteId", "assignedToUserId");

-- CreateIndex
CREATE INDEX "IssueAssignment_siteId_assignedToRole_idx" ON "IssueAssignment"("siteId", "assignedToRole");

-- CreateIndex
CREATE UNIQUE INDEX "IssueAssignment_siteId_pageId_issueId_key" ON "IssueAssignment"("siteId", "pageId", "issueId");

-- CreateIndex
CREATE UNIQUE INDEX "IssueTicket_siteId_pageId_issueId_key" ON "IssueTicket"("siteId", "pageId", "issueId");

-- CreateIndex
CREATE INDEX "Link_siteId_isBroken_status_idx" ON "Link"("siteId", "isBroken", "status");

-- CreateIndex
CREATE INDEX "Link_siteId_riskType_idx" ON "Link"("siteId", "riskType");

-- CreateIndex
CREATE UNIQUE INDEX "Link_siteId_url_key" ON "Link"("siteId", "url");

-- CreateIndex
CREATE INDEX "LinkOccurrence_pageId_idx" ON "LinkOccurrence"("pageId");

-- CreateIndex
CREATE UNIQUE INDEX "Misspelling_siteId_word_language_key" ON "Misspelling"("siteId", "word", "language");

-- CreateIndex
CREATE INDEX "MisspellingOccurrence_pageId_idx" ON "MisspellingOccurrence"("pageId");

-- CreateIndex
CREATE UNIQUE INDEX "Dictionary_siteId_language_key" ON "Dictionary"("siteId", "language");

-- CreateIndex
CREATE UNIQUE INDEX "DictionaryWord_dictionaryId_word_key" ON "DictionaryWord"("dictionaryId", "word");

-- CreateIndex
CREATE INDEX "Document_siteId_kind_size_idx" ON "Document"("siteId", "kind", "size");

-- CreateIndex
CREATE UNIQUE INDEX "Document_siteId_url_key" ON "Document"("siteId", "url");

-- CreateIndex
CREATE INDEX "DocumentOccurrence_pageId_idx" ON "DocumentOccurrence"("pageId");

-- CreateIndex
CREATE UNIQUE INDEX "Contact_siteId_kind_value_key" ON "Contact"("siteId", "kind", "value");

-- CreateIndex
CREATE INDEX "ContactOccurrence_pageId_idx" ON "ContactOccurrence"("pageId");

-- CreateIndex
CREATE INDEX "HistoryPoint_siteId_sectionId_recordedAt_idx" ON "HistoryPoint"("siteId", "sectionId", "recordedAt");

-- CreateIndex
CREATE INDEX "HistoryPoint_scanId_idx" ON "HistoryPoint"("scanId");

-- CreateIndex
CREATE UNIQUE INDEX "Integration_siteId_kind_key" ON "Integration"("siteId", "kind");

-- CreateIndex
CREATE INDEX "Alert_siteId_publishedAt_idx" ON "Alert"("siteId", "publishedAt");

-- AddForeignKey
ALTER TABLE "OrganisationMember" ADD CONSTRAINT "OrganisationMember_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrganisationMember" ADD CONSTRAINT "OrganisationMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Subscription" ADD CONSTRAINT "Subscription_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_masqueradeAsUserId_fkey" FOREIGN KEY ("masqueradeAsUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountToken" ADD CONSTRAINT "AccountToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Site" ADD CONSTRAINT "Site_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteMembership" ADD CONSTRAINT "SiteMembership_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteMembership" ADD CONSTRAINT "SiteMembership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Group" ADD CONSTRAINT "Group_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Group" ADD CONSTRAINT "Group_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupMember" ADD CONSTRAINT "GroupMember_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupMember" ADD CONSTRAINT "GroupMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invite" ADD CONSTRAINT "Invite_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invite" ADD CONSTRAINT "Invite_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invite" ADD CONSTRAINT "Invite_acceptedById_fkey" FOREIGN KEY ("acceptedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Section" ADD CONSTRAINT "Section_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SectionCondition" ADD CONSTRAINT "SectionCondition_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "Section"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SectionPage" ADD CONSTRAINT "SectionPage_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "Section"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SectionPage" ADD CONSTRAINT "SectionPage_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Scan" ADD CONSTRAINT "Scan_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Scan" ADD CONSTRAINT "Scan_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "Section"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Scan" ADD CONSTRAINT "Scan_requestedById_fkey" FOREIGN KEY ("requestedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Page" ADD CONSTRAINT "Page_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PageResult" ADD CONSTRAINT "PageResult_scanId_fkey" FOREIGN KEY ("scanId") REFERENCES "Scan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PageResult" ADD CONSTRAINT "PageResult_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PageIssue" ADD CONSTRAINT "PageIssue_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PageIssue" ADD CONSTRAINT "PageIssue_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueAssignment" ADD CONSTRAINT "IssueAssignment_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueAssignment" ADD CONSTRAINT "IssueAssignment_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueAssignment" ADD CONSTRAINT "IssueAssignment_assignedToUserId_fkey" FOREIGN KEY ("assignedToUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueAssignment" ADD CONSTRAINT "IssueAssignment_assignedById_fkey" FOREIGN KEY ("assignedById") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueTicket" ADD CONSTRAINT "IssueTicket_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueTicket" ADD CONSTRAINT "IssueTicket_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueTicket" ADD CONSTRAINT "IssueTicket_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Link" ADD CONSTRAINT "Link_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LinkOccurrence" ADD CONSTRAINT "LinkOccurrence_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "Link"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LinkOccurrence" ADD CONSTRAINT "LinkOccurrence_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Misspelling" ADD CONSTRAINT "Misspelling_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MisspellingOccurrence" ADD CONSTRAINT "MisspellingOccurrence_misspellingId_fkey" FOREIGN KEY ("misspellingId") REFERENCES "Misspelling"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MisspellingOccurrence" ADD CONSTRAINT "MisspellingOccurrence_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Dictionary" ADD CONSTRAINT "Dictionary_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DictionaryWord" ADD CONSTRAINT "DictionaryWord_dictionaryId_fkey" FOREIGN KEY ("dictionaryId") REFERENCES "Dictionary"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DictionaryWord" ADD CONSTRAINT "DictionaryWord_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentOccurrence" ADD CONSTRAINT "DocumentOccurrence_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentOccurrence" ADD CONSTRAINT "DocumentOccurrence_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Contact" ADD CONSTRAINT "Contact_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactOccurrence" ADD CONSTRAINT "ContactOccurrence_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactOccurrence" ADD CONSTRAINT "ContactOccurrence_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HistoryPoint" ADD CONSTRAINT "HistoryPoint_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HistoryPoint" ADD CONSTRAINT "HistoryPoint_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "Section"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HistoryPoint" ADD CONSTRAINT "HistoryPoint_scanId_fkey" FOREIGN KEY ("scanId") REFERENCES "Scan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Integration" ADD CONSTRAINT "Integration_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Alert" ADD CONSTRAINT "Alert_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
