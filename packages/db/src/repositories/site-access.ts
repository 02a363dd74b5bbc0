import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/** A user sees a site through a direct membership or through one of the site's groups. */
export function siteVisibleToUserWhere(userId: string): Prisma.SiteWhereInput {
  return {
    OR: [{ memberships: { some: { userId } } }, { groups: { some: { members: { some: { userId } } } } }],
  }
}

/** The parts of a site row a caller needs to tell whether `userId` administers it. */
export function siteAdminAccessSelect(userId: string) {
  return {
    memberships: { where: { userId }, select: { isAdmin: true } },
    groups: { where: { isAdmin: true, members: { some: { userId } } }, select: { id: true }, take: 1 },
  } satisfies Prisma.SiteSelect
}

export function hasSiteAdminAccess(row: { memberships: { isAdmin: boolean }[]; groups: { id: string }[] }) {
  return row.memberships.some((membership) => membership.isAdmin) || row.groups.length > 0
}

export interface SiteAccess {
  siteId: string
  slug: string
  isAdmin: boolean
}

interface SiteAccessRow {
  siteId: string
  slug: string
  /** null without a direct membership */
  memberIsAdmin: boolean | null
  inGroup: boolean
  inAdminGroup: boolean
}

/**
 * The one access check of every site-scoped request: null when the user may not see the site (a direct
 * membership or one of the site's groups), else whether they administer it (an admin membership or an admin
 * group). One query: it runs before every site-scoped request, where Prisma's select would take three.
 */
export async function findSiteAccessForUser(
  db: DbClient,
  { slug, userId }: { slug: string; userId: string },
): Promise<SiteAccess | null> {
  const rows = await db.$queryRaw<SiteAccessRow[]>`
    SELECT s.id AS "siteId", s.slug, m."isAdmin" AS "memberIsAdmin",
      EXISTS (SELECT 1 FROM "Group" g JOIN "GroupMember" gm ON gm."groupId" = g.id
        WHERE g."siteId" = s.id AND gm."userId" = ${userId}) AS "inGroup",
      EXISTS (SELECT 1 FROM "Group" g JOIN "GroupMember" gm ON gm."groupId" = g.id
        WHERE g."siteId" = s.id AND gm."userId" = ${userId} AND g."isAdmin") AS "inAdminGroup"
    FROM "Site" s
    LEFT JOIN "SiteMembership" m ON m."siteId" = s.id AND m."userId" = ${userId}
    WHERE s.slug = ${slug}`
  const row = rows[0]
  if (!row || (row.memberIsAdmin === null && !row.inGroup)) return null
  return { siteId: row.siteId, slug: row.slug, isAdmin: row.memberIsAdmin === true || row.inAdminGroup }
}

export function addSiteMember(
  db: DbClient,
  { siteId, userId, isAdmin }: { siteId: string; userId: string; isAdmin: boolean },
) {
  return db.siteMembership.upsert({
    where: { siteId_userId: { siteId, userId } },
    create: { siteId, userId, isAdmin },
    // An existing admin keeps admin rights when an invite adds them again.
    update: isAdmin ? { isAdmin } : {},
  })
}

/** Ids of every site the user may see (a socket joins their rooms on connecting). */
export async function listSiteIdsVisibleToUser(db: DbClient, userId: string): Promise<string[]> {
  const rows = await db.site.findMany({ where: siteVisibleToUserWhere(userId), select: { id: true } })
  return rows.map((row) => row.id)
}
