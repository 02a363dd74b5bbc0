-- CreateEnum
CREATE TYPE "ScanStopReason" AS ENUM ('page_limit', 'scan_limit');

-- AlterTable
ALTER TABLE "Scan" ADD COLUMN     "stopReason" "ScanStopReason";
