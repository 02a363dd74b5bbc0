-- AlterTable
ALTER TABLE "Invite" ADD COLUMN     "role" "SiteRole" NOT NULL DEFAULT 'viewer';
