-- CreateEnum
CREATE TYPE "DuplicateKind" AS ENUM ('title', 'description', 'content');

-- AlterTable
ALTER TABLE "Page" ADD COLUMN     "contentExcerpt" TEXT,
ADD COLUMN     "contentSignature" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- CreateTable
CREATE TABLE "DuplicateGroup" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "kind" "DuplicateKind" NOT NULL,
    "value" TEXT NOT NULL,
    "pageCount" INTEGER NOT NULL,
    "similarity" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "scanId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DuplicateGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DuplicateGroupPage" (
    "groupId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,

    CONSTRAINT "DuplicateGroupPage_pkey" PRIMARY KEY ("groupId","pageId")
);

-- CreateIndex
CREATE INDEX "DuplicateGroup_siteId_kind_value_id_idx" ON "DuplicateGroup"("siteId", "kind", "value", "id");

-- CreateIndex
CREATE INDEX "DuplicateGroup_siteId_pageCount_id_idx" ON "DuplicateGroup"("siteId", "pageCount", "id");

-- CreateIndex
CREATE INDEX "DuplicateGroupPage_pageId_idx" ON "DuplicateGroupPage"("pageId");

-- AddForeignKey
ALTER TABLE "DuplicateGroup" ADD CONSTRAINT "DuplicateGroup_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DuplicateGroupPage" ADD CONSTRAINT "DuplicateGroupPage_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "DuplicateGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DuplicateGroupPage" ADD CONSTRAINT "DuplicateGroupPage_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;
