-- CreateEnum
CREATE TYPE "MediaType" AS ENUM ('image', 'audio', 'video');

-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "mediaType" "MediaType";
