import type { SiteRole } from '@canopy/contracts'
import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient, SortDirection } from './db-client.js'
import { type GroupRoleGrant, listGroupRoleGrants, userSeesSiteWhere } from './site-access.js'

export interface SiteUsersFilter {
  siteId: string
  search?: string
  /** also the users who see the site only through one of its groups */
  includeInherited: boolean
}

function siteUsersWhere({ siteId, search, includeInherited }: SiteUsersFilter): Prisma.UserWhereInput {
  const sees: Prisma.UserWhereInput = includeInherited
    ? userSeesSiteWhere(siteId)
    : { memberships: { some: { siteId } } }
  const term = search?.trim()
  const matches: Prisma.UserWhereInput[] = term
    ? [
        { firstName: { contains: term, mode: 'insensitive' } },
        { lastName: { contains: term, mode: 'insensitive' } },
        { email: { contains: term.toLowerCase() } },
      ]
    : []
  return { AND: [sees, ...(matches.length ? [{ OR: matches }] : [])] }
}

function siteUserSelect(siteId: string) {
  return {
    id: true,
    firstName: true,
    lastName: true,
    email: true,
    isStaff: true,
    accountExpiry: true,
    productNewsConsent: true,
    productNewsConsentAt: true,
    memberships: { where: { siteId }, select: { role: true } },
  } satisfies Prisma.UserSelect
}

/** A user of the site with their membership's role and every group that gives them a role there. */
export type SiteUserRow = Prisma.UserGetPayload<{ select: ReturnType<typeof siteUserSelect> }> & {
  grants: GroupRoleGrant[]
}

async function withGrants(
  db: DbClient,
  siteId: string,
  users: Prisma.UserGetPayload<{ select: ReturnType<typeof siteUserSelect> }>[],
): Promise<SiteUserRow[]> {
  const grants = await listGroupRoleGrants(db, { siteId, userIds: users.map((user) => user.id) })
  return users.map((user) => ({ ...user, grants: grants.filter((grant) => grant.userId === user.id) }))
}

/** The users who can see the site, by name, with their membership's role and the roles groups give them. */
export async function listSiteUsers(
  db: DbClient,
  filter: SiteUsersFilter,
  { skip, take, direction }: { skip: number; take: number; direction: SortDirection },
) {
  const where = siteUsersWhere(filter)
  const [users, totalCount] = await Promise.all([
    db.user.findMany({
      where,
      orderBy: [{ lastName: direction }, { firstName: direction }, { id: direction }],
      skip,
      take,
      select: siteUserSelect(filter.siteId),
    }),
    db.user.count({ where }),
  ])
  return { rows: await withGrants(db, filter.siteId, users), totalCount }
}

/** One user who can see the site, as listSiteUsers reads them. */
export async function findSiteUser(
  db: DbClient,
  { siteId, userId }: { siteId: string; userId: string },
): Promise<SiteUserRow | null> {
  const user = await db.user.findFirst({
    where: { AND: [{ id: userId }, userSeesSiteWhere(siteId)] },
    select: siteUserSelect(siteId),
  })
  if (!user) return null
  const [row] = await withGrants(db, siteId, [user])
  return row ?? null
}

export function setSiteMemberRole(
  db: DbClient,
  { siteId, userId, role }: { siteId: string; userId: string; role: SiteRole },
) {
  return db.siteMembership.update({ where: { siteId_userId: { siteId, userId } }, data: { role } })
}

/** Removes the direct membership; the user may still see the site through one of its groups. */
export function removeSiteMember(db: DbClient, { siteId, userId }: { siteId: string; userId: string }) {
  return db.siteMembership.delete({ where: { siteId_userId: { siteId, userId } } })
}
