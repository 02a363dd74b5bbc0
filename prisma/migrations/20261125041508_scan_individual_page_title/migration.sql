-- AlterTable
ALTER TABLE "Scan" ADD COLUMN     "individualPageTitle" TEXT;
