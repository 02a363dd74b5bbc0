import { highestRole, type SiteRole } from '@canopy/contracts'
import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/** A user sees a site through a direct membership or through one of the site's groups. */
export function siteVisibleToUserWhere(userId: string): Prisma.SiteWhereInput {
  return {
    OR: [{ memberships: { some: { userId } } }, { groups: { some: { members: { some: { userId } } } } }],
  }
}

/** The parts of a site row a caller needs to tell `userId`'s role on it. */
export function siteRoleSelect(userId: string) {
  return {
    memberships: { where: { userId }, select: { role: true } },
    groups: { where: { members: { some: { userId } } }, select: { role: true } },
  } satisfies Prisma.SiteSelect
}

/** The user's role from a row selected with siteRoleSelect: the highest of membership and groups. */
export function siteRoleOf(row: {
  memberships: { role: SiteRole }[]
  groups: { role: SiteRole }[]
}): SiteRole {
  return highestRole([...row.memberships, ...row.groups].map((entry) => entry.role)) ?? 'viewer'
}

export interface SiteAccess {
  siteId: string
  slug: string
  role: SiteRole
}

interface SiteAccessRow {
  siteId: string
  slug: string
  /** null without a direct membership */
  memberRole: SiteRole | null
  /** the roles of the site's groups the user is in */
  groupRoles: SiteRole[]
}

/**
 * The one access check of every site-scoped request: null when the user may not see the site (a direct
 * membership or one of the site's groups), else their role: the highest of the membership's and the groups'.
 * One query: it runs before every site-scoped request, where Prisma's select would take three.
 */
export async function findSiteAccessForUser(
  db: DbClient,
  { slug, userId }: { slug: string; userId: string },
): Promise<SiteAccess | null> {
  const rows = await db.$queryRaw<SiteAccessRow[]>`
    SELECT s.id AS "siteId", s.slug, m.role::text AS "memberRole",
      ARRAY(SELECT g.role::text FROM "Group" g JOIN "GroupMember" gm ON gm."groupId" = g.id
        WHERE g."siteId" = s.id AND gm."userId" = ${userId}) AS "groupRoles"
    FROM "Site" s
    LEFT JOIN "SiteMembership" m ON m."siteId" = s.id AND m."userId" = ${userId}
    WHERE s.slug = ${slug}`
  const row = rows[0]
  const role = row && highestRole([...(row.memberRole ? [row.memberRole] : []), ...row.groupRoles])
  if (!row || !role) return null
  return { siteId: row.siteId, slug: row.slug, role }
}

/** Adds the member with the role; an existing member keeps a higher role than the one given. */
export async function addSiteMember(
  db: DbClient,
  { siteId, userId, role }: { siteId: string; userId: string; role: SiteRole },
) {
  const existing = await db.siteMembership.findUnique({ where: { siteId_userId: { siteId, userId } } })
  const kept = highestRole([role, ...(existing ? [existing.role] : [])]) ?? role
  return db.siteMembership.upsert({
    where: { siteId_userId: { siteId, userId } },
    create: { siteId, userId, role },
    update: { role: kept },
  })
}

/** Ids of every site the user may see (a socket joins their rooms on connecting). */
export async function listSiteIdsVisibleToUser(db: DbClient, userId: string): Promise<string[]> {
  const rows = await db.site.findMany({ where: siteVisibleToUserWhere(userId), select: { id: true } })
  return rows.map((row) => row.id)
}
