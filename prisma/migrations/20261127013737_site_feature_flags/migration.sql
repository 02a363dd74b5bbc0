-- AlterTable
ALTER TABLE "AuditEvent" ADD COLUMN     "detail" JSONB;

-- CreateTable
CREATE TABLE "SiteFeatureFlag" (
    "siteId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SiteFeatureFlag_pkey" PRIMARY KEY ("siteId","name")
);

-- AddForeignKey
ALTER TABLE "SiteFeatureFlag" ADD CONSTRAINT "SiteFeatureFlag_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteFeatureFlag" ADD CONSTRAINT "SiteFeatureFlag_name_fkey" FOREIGN KEY ("name") REFERENCES "FeatureFlag"("name") ON DELETE CASCADE ON UPDATE CASCADE;
