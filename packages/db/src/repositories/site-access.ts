import { highestRole, type SiteRole } from '@canopy/contracts'
import { Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/** A user sees a site through a direct membership or through one of the site's groups. */
export function siteVisibleToUserWhere(userId: string): Prisma.SiteWhereInput {
  return {
    OR: [{ memberships: { some: { userId } } }, { groups: { some: { members: { some: { userId } } } } }],
  }
}

/** The same rule from the other side: the users who see the site (a membership or one of its groups). */
export function userSeesSiteWhere(siteId: string): Prisma.UserWhereInput {
  return {
    OR: [{ memberships: { some: { siteId } } }, { groupMemberships: { some: { group: { siteId } } } }],
  }
}

/**
 * The one statement of how groups give roles, as the recursive CTE `reach`: for each membership of a group
 * that `memberWhere` picks (over "GroupMember" gm joined to "Group" g), the group itself and every group it
 * is nested in, at any depth, each with its role. A subgroup is part of its parent group, so its members
 * get the role of every group above it too. Columns: "userId", "siteId", "groupId", "parentId", role and
 * "viaGroupId" (the group the user is in themselves). UNION drops repeated rows, so even a loop in the tree
 * (which the group endpoints refuse) could not make it run forever.
 */
export function groupReachCte(memberWhere: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`reach AS (
    SELECT gm."userId", g."siteId", g.id AS "groupId", g."parentId", g.role, g.id AS "viaGroupId"
    FROM "GroupMember" gm JOIN "Group" g ON g.id = gm."groupId"
    WHERE ${memberWhere}
    UNION
    SELECT r."userId", p."siteId", p.id, p."parentId", p.role, r."viaGroupId"
    FROM "Group" p JOIN reach r ON p.id = r."parentId"
  )`
}

interface SiteRolesRow {
  siteId: string
  slug: string
  /** the direct membership's role and the roles every group gives them (see groupReachCte) */
  roles: SiteRole[]
}

/**
 * The user's roles on the sites `siteWhere` picks (over "Site" s), in one query: their membership's and
 * those their groups give them, ancestors' included.
 */
function readSiteRoles(db: DbClient, userId: string, siteWhere: Prisma.Sql): Promise<SiteRolesRow[]> {
  const memberWhere = Prisma.sql`gm."userId" = ${userId}
    AND g."siteId" IN (SELECT s.id FROM "Site" s WHERE ${siteWhere})`
  return db.$queryRaw<SiteRolesRow[]>`
    WITH RECURSIVE ${groupReachCte(memberWhere)}
    SELECT s.id AS "siteId", s.slug,
      ARRAY(SELECT m.role::text FROM "SiteMembership" m WHERE m."siteId" = s.id AND m."userId" = ${userId})
        || ARRAY(SELECT DISTINCT r.role::text FROM reach r WHERE r."siteId" = s.id) AS roles
    FROM "Site" s
    WHERE ${siteWhere}`
}

export interface SiteAccess {
  siteId: string
  slug: string
  role: SiteRole
}

/**
 * The one access check of every site-scoped request: null when the user may not see the site (neither a
 * membership nor one of its groups), else their role: the highest of the membership's and of what their
 * groups give them, a subgroup's members getting its ancestors' roles too. One query: it runs before every
 * site-scoped request.
 */
export async function findSiteAccessForUser(
  db: DbClient,
  { slug, userId }: { slug: string; userId: string },
): Promise<SiteAccess | null> {
  const [row] = await readSiteRoles(db, userId, Prisma.sql`s.slug = ${slug}`)
  const role = row && highestRole(row.roles)
  if (!row || !role) return null
  return { siteId: row.siteId, slug: row.slug, role }
}

/** The user's role on each of the sites they see, by the same rule as findSiteAccessForUser. */
export async function listSiteRolesOfUser(
  db: DbClient,
  { userId, siteIds }: { userId: string; siteIds: string[] },
): Promise<Map<string, SiteRole>> {
  if (siteIds.length === 0) return new Map()
  const rows = await readSiteRoles(db, userId, Prisma.sql`s.id IN (${Prisma.join(siteIds)})`)
  return new Map(
    rows.flatMap((row) => {
      const role = highestRole(row.roles)
      return role ? [[row.siteId, role] as const] : []
    }),
  )
}

/** A group that gives a user of the site its role, and the group they are in that it reaches them through. */
export interface GroupRoleGrant {
  userId: string
  group: { id: string; name: string; role: SiteRole }
  /** the user's own group nested (at any depth) inside `group`; null when they are in `group` themselves */
  through: { id: string; name: string } | null
}

interface GrantRow {
  userId: string
  groupId: string
  groupName: string
  role: SiteRole
  viaGroupId: string
  viaName: string
}

/**
 * Every group of the site that gives one of the users a role, by the rule of groupReachCte: each user's own
 * groups and the groups above them. A group reached several ways is told once, through the user's own
 * membership when they have one.
 */
export async function listGroupRoleGrants(
  db: DbClient,
  { siteId, userIds }: { siteId: string; userIds: string[] },
): Promise<GroupRoleGrant[]> {
  if (userIds.length === 0) return []
  const memberWhere = Prisma.sql`g."siteId" = ${siteId} AND gm."userId" IN (${Prisma.join(userIds)})`
  const rows = await db.$queryRaw<GrantRow[]>`
    WITH RECURSIVE ${groupReachCte(memberWhere)}
    SELECT DISTINCT ON (r."userId", r."groupId") r."userId", r."groupId", g.name AS "groupName",
      r.role::text AS role, r."viaGroupId", v.name AS "viaName"
    FROM reach r JOIN "Group" g ON g.id = r."groupId" JOIN "Group" v ON v.id = r."viaGroupId"
    ORDER BY r."userId", r."groupId", (r."viaGroupId" = r."groupId") DESC, lower(v.name), v.id`
  return rows.map((row) => ({
    userId: row.userId,
    group: { id: row.groupId, name: row.groupName, role: row.role },
    through: row.viaGroupId === row.groupId ? null : { id: row.viaGroupId, name: row.viaName },
  }))
}

/**
 * Whether the site has an administrator: a direct admin, or a member of an admin group or of a group nested
 * (at any depth) inside one. Read inside the change's transaction, after the change, under lockSiteAccess.
 */
export async function siteHasAdmin(db: DbClient, siteId: string): Promise<boolean> {
  const [row] = await db.$queryRaw<{ hasAdmin: boolean }[]>`
    WITH RECURSIVE ${groupReachCte(Prisma.sql`g."siteId" = ${siteId}`)}
    SELECT EXISTS (SELECT 1 FROM "SiteMembership" m WHERE m."siteId" = ${siteId} AND m.role = 'admin')
      OR EXISTS (SELECT 1 FROM reach r WHERE r.role = 'admin') AS "hasAdmin"`
  return row?.hasAdmin ?? false
}

/**
 * Every change to who has which role on a site that depends on what it reads first (a parent that must not
 * be a subgroup, an administrator who must remain), to its groups and to its members alike, runs under this
 * per-site transaction lock, so two such changes at once cannot each pass their check and together break it.
 */
export async function lockSiteAccess(tx: Prisma.TransactionClient, siteId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`site-access:${siteId}`}))`
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
