-- AlterEnum
ALTER TYPE "ScanUrlState" ADD VALUE 'skipped';
