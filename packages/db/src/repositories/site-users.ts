import type { SiteRole } from '@canopy/contracts'
import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient, SortDirection } from './db-client.js'

export interface SiteUsersFilter {
  siteId: string
  search?: string
  /** also the users who see the site only through one of its groups */
  includeInherited: boolean
}

function siteUsersWhere({ siteId, search, includeInherited }: SiteUsersFilter): Prisma.UserWhereInput {
  const sees: Prisma.UserWhereInput[] = [{ memberships: { some: { siteId } } }]
  if (includeInherited) sees.push({ groupMemberships: { some: { group: { siteId } } } })
  const term = search?.trim()
  const matches: Prisma.UserWhereInput[] = term
    ? [
        { firstName: { contains: term, mode: 'insensitive' } },
        { lastName: { contains: term, mode: 'insensitive' } },
        { email: { contains: term.toLowerCase() } },
      ]
    : []
  return { AND: [{ OR: sees }, ...(matches.length ? [{ OR: matches }] : [])] }
}

/** The users who can see the site, by name, with their membership's and their groups' roles there. */
export async function listSiteUsers(
  db: DbClient,
  filter: SiteUsersFilter,
  { skip, take, direction }: { skip: number; take: number; direction: SortDirection },
) {
  const where = siteUsersWhere(filter)
  const [rows, totalCount] = await Promise.all([
    db.user.findMany({
      where,
      orderBy: [{ lastName: direction }, { firstName: direction }, { id: direction }],
      skip,
      take,
      select: {
        id: true,
        firstName: true,
        lastName: true,
        email: true,
        memberships: { where: { siteId: filter.siteId }, select: { role: true } },
        groupMemberships: {
          where: { group: { siteId: filter.siteId } },
          select: { group: { select: { role: true } } },
        },
      },
    }),
    db.user.count({ where }),
  ])
  return { rows, totalCount }
}

export type SiteUserRow = Awaited<ReturnType<typeof listSiteUsers>>['rows'][number]

/** One user who can see the site, as listSiteUsers reads them, with the groups of the site they are in. */
export function findSiteUser(db: DbClient, { siteId, userId }: { siteId: string; userId: string }) {
  return db.user.findFirst({
    where: { AND: [{ id: userId }, siteUsersWhere({ siteId, includeInherited: true })] },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      email: true,
      memberships: { where: { siteId }, select: { role: true } },
      groupMemberships: {
        where: { group: { siteId } },
        select: { group: { select: { id: true, name: true, role: true } } },
      },
    },
  })
}

/** Whether anyone but `userId` administers the site, directly or through an admin group. */
export async function hasOtherSiteAdmin(
  db: DbClient,
  { siteId, userId }: { siteId: string; userId: string },
) {
  const other = await db.user.findFirst({
    where: {
      id: { not: userId },
      OR: [
        { memberships: { some: { siteId, role: 'admin' } } },
        { groupMemberships: { some: { group: { siteId, role: 'admin' } } } },
      ],
    },
    select: { id: true },
  })
  return other !== null
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
