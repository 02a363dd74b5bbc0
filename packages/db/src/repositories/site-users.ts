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
