-- Old readability values (none were ever written by a scan) map to the nearest of the spec's eight levels.
-- CreateEnum
CREATE TYPE "PageDiscovery" AS ENUM ('root', 'sitemap', 'link', 'manual');

-- CreateEnum
CREATE TYPE "ScanUrlState" AS ENUM ('queued', 'scanned', 'failed');

-- AlterEnum
BEGIN;
CREATE TYPE "ReadabilityLevel_new" AS ENUM ('very_difficult_to_read', 'difficult_to_read', 'moderately_difficult_to_read', 'fairly_difficult_to_read', 'average_reading_level', 'fairly_easy_to_read', 'easy_to_read', 'very_easy_to_read');
ALTER TABLE "Page" ALTER COLUMN "readabilityLevel" TYPE "ReadabilityLevel_new" USING (CASE "readabilityLevel"::text
  WHEN 'very_easy' THEN 'very_easy_to_read'
  WHEN 'easy' THEN 'easy_to_read'
  WHEN 'fairly_easy' THEN 'fairly_easy_to_read'
  WHEN 'standard' THEN 'average_reading_level'
  WHEN 'fairly_difficult' THEN 'fairly_difficult_to_read'
  WHEN 'difficult' THEN 'difficult_to_read'
  WHEN 'very_difficult' THEN 'moderately_difficult_to_read'
  WHEN 'extremely_difficult' THEN 'very_difficult_to_read'
END)::"ReadabilityLevel_new";
ALTER TYPE "ReadabilityLevel" RENAME TO "ReadabilityLevel_old";
ALTER TYPE "ReadabilityLevel_new" RENAME TO "ReadabilityLevel";
DROP TYPE "public"."ReadabilityLevel_old";
COMMIT;

-- AlterTable
ALTER TABLE "Page" ADD COLUMN     "depth" INTEGER,
ADD COLUMN     "discoveredVia" "PageDiscovery" NOT NULL DEFAULT 'link',
ADD COLUMN     "isDuplicateContent" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "isDuplicateDescription" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "isDuplicateTitle" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Scan" ADD COLUMN     "lighthouseDone" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "lighthouseEnabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "lighthouseQueued" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "pagesOrphaned" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "ScanUrl" (
    "scanId" TEXT NOT NULL,
    "urlHash" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "depth" INTEGER NOT NULL,
    "discoveredVia" "PageDiscovery" NOT NULL,
    "state" "ScanUrlState" NOT NULL DEFAULT 'queued',
    "lighthouseDone" BOOLEAN,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ScanUrl_pkey" PRIMARY KEY ("scanId","urlHash")
);

-- CreateIndex
CREATE INDEX "ScanUrl_scanId_state_idx" ON "ScanUrl"("scanId", "state");

-- AddForeignKey
ALTER TABLE "ScanUrl" ADD CONSTRAINT "ScanUrl_scanId_fkey" FOREIGN KEY ("scanId") REFERENCES "Scan"("id") ON DELETE CASCADE ON UPDATE CASCADE;
