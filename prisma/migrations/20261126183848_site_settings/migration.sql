-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "respectRobots" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "scanDay" INTEGER DEFAULT 1,
ADD COLUMN     "scanHour" INTEGER DEFAULT 3,
ADD COLUMN     "sitemapUrls" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'UTC',
ADD COLUMN     "userAgent" TEXT;

-- A sitemap override set before becomes the first submitted sitemap.
UPDATE "Site" SET "sitemapUrls" = ARRAY["sitemapUrl"] WHERE "sitemapUrl" IS NOT NULL;

-- A schedule other than the default weekly one is a custom pattern: no day and hour to edit.
UPDATE "Site" SET "scanDay" = NULL, "scanHour" = NULL WHERE "scanSchedule" <> '0 3 * * 1';

ALTER TABLE "Site" DROP COLUMN "sitemapUrl";
