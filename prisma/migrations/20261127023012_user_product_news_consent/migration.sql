-- AlterTable
ALTER TABLE "User" ADD COLUMN     "productNewsConsent" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "productNewsConsentAt" TIMESTAMP(3);
