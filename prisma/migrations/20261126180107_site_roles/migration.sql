-- A member's role on a site replaces the admin flag: admins stay admins, every other member becomes a viewer.
CREATE TYPE "SiteRole" AS ENUM ('viewer', 'editor', 'admin');

ALTER TABLE "Group" ADD COLUMN "role" "SiteRole" NOT NULL DEFAULT 'viewer';
UPDATE "Group" SET "role" = 'admin' WHERE "isAdmin";
ALTER TABLE "Group" DROP COLUMN "isAdmin";

ALTER TABLE "SiteMembership" ADD COLUMN "role" "SiteRole" NOT NULL DEFAULT 'viewer';
UPDATE "SiteMembership" SET "role" = 'admin' WHERE "isAdmin";
ALTER TABLE "SiteMembership" DROP COLUMN "isAdmin";
