-- AlterTable
ALTER TABLE "PageResult" ADD COLUMN     "blockedRequests" JSONB;
