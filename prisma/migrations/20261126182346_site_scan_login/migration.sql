-- CreateEnum
CREATE TYPE "ScanLoginKind" AS ENUM ('form', 'cookies');

-- CreateTable
CREATE TABLE "SiteScanLogin" (
    "siteId" TEXT NOT NULL,
    "kind" "ScanLoginKind" NOT NULL,
    "config" JSONB NOT NULL DEFAULT '{}',
    "sealed" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SiteScanLogin_pkey" PRIMARY KEY ("siteId")
);

-- AddForeignKey
ALTER TABLE "SiteScanLogin" ADD CONSTRAINT "SiteScanLogin_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
