import type { SiteRole } from '@canopy/contracts'
import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient, PageWindow, SortDirection } from './db-client.js'
import { userSeesSiteWhere } from './site-access.js'

export interface SiteGroupsFilter {
  siteId: string
  /** the groups directly inside this one; null: the top-level groups; undefined: wherever they sit */
  parentId?: string | null
  /** only among these groups */
  ids?: string[]
  search?: string
}

export type GroupSortKey = 'name' | 'role' | 'members'

const groupSelect = {
  id: true,
  name: true,
  role: true,
  createdAt: true,
  parent: { select: { id: true, name: true } },
  _count: { select: { members: true, children: true } },
} satisfies Prisma.GroupSelect

function siteGroupsWhere({ siteId, parentId, ids, search }: SiteGroupsFilter): Prisma.GroupWhereInput {
  const term = search?.trim()
  return {
    siteId,
    ...(parentId !== undefined ? { parentId } : {}),
    ...(ids ? { id: { in: ids } } : {}),
    ...(term ? { name: { contains: term, mode: 'insensitive' } } : {}),
  }
}

function groupOrderBy(
  sortBy: GroupSortKey,
  direction: SortDirection,
): Prisma.GroupOrderByWithRelationInput[] {
  const first: Prisma.GroupOrderByWithRelationInput =
    sortBy === 'members' ? { members: { _count: direction } } : { [sortBy]: direction }
  return sortBy === 'name' ? [first, { id: direction }] : [first, { name: 'asc' }, { id: 'asc' }]
}

/** One page of the site's groups with their parent and how many members and subgroups they have. */
export async function listSiteGroups(
  db: DbClient,
  filter: SiteGroupsFilter,
  { skip, take, sortBy, direction }: PageWindow & { sortBy: GroupSortKey; direction: SortDirection },
) {
  const where = siteGroupsWhere(filter)
  const [rows, totalCount] = await Promise.all([
    db.group.findMany({ where, orderBy: groupOrderBy(sortBy, direction), skip, take, select: groupSelect }),
    db.group.count({ where }),
  ])
  return { rows, totalCount }
}

export type GroupRow = Awaited<ReturnType<typeof listSiteGroups>>['rows'][number]

/** The group when it belongs to the site; a group of another site is not found. */
export function findSiteGroup(db: DbClient, { siteId, groupId }: { siteId: string; groupId: string }) {
  return db.group.findFirst({ where: { id: groupId, siteId }, select: groupSelect })
}

/** Another group of the site with this name, whatever its case (names are told apart by people, not bytes). */
export function findSiteGroupByName(
  db: DbClient,
  { siteId, name, exceptId }: { siteId: string; name: string; exceptId?: string },
) {
  return db.group.findFirst({
    where: {
      siteId,
      name: { equals: name, mode: 'insensitive' },
      ...(exceptId ? { id: { not: exceptId } } : {}),
    },
    select: { id: true },
  })
}

export function createGroup(
  db: DbClient,
  data: { siteId: string; name: string; role: SiteRole; parentId: string | null },
) {
  return db.group.create({ data, select: groupSelect })
}

export function updateGroup(
  db: DbClient,
  groupId: string,
  data: { name?: string; role?: SiteRole; parentId?: string | null },
) {
  return db.group.update({ where: { id: groupId }, data, select: groupSelect })
}

/** Deletes the group; its subgroups, nested at any depth, go with it (the schema's cascade). */
export function deleteGroup(db: DbClient, groupId: string) {
  return db.group.delete({ where: { id: groupId }, select: { id: true } })
}

/** The group and every group nested below it, at any depth, with their roles, in one query. */
export function listGroupSubtree(db: DbClient, groupId: string): Promise<{ id: string; role: SiteRole }[]> {
  return db.$queryRaw<{ id: string; role: SiteRole }[]>`
    WITH RECURSIVE subtree AS (
      SELECT id, role FROM "Group" WHERE id = ${groupId}
      UNION
      SELECT g.id, g.role FROM "Group" g JOIN subtree s ON g."parentId" = s.id
    )
    SELECT id, role::text AS role FROM subtree`
}

function groupMembersWhere(groupId: string, search: string | undefined): Prisma.UserWhereInput {
  const term = search?.trim()
  const matches: Prisma.UserWhereInput[] = term
    ? [
        { firstName: { contains: term, mode: 'insensitive' } },
        { lastName: { contains: term, mode: 'insensitive' } },
        { email: { contains: term.toLowerCase() } },
      ]
    : []
  return { AND: [{ groupMemberships: { some: { groupId } } }, ...(matches.length ? [{ OR: matches }] : [])] }
}

/** One page of the group's own members, by name. */
export async function listGroupMembers(
  db: DbClient,
  { groupId, search }: { groupId: string; search?: string },
  { skip, take, direction }: PageWindow & { direction: SortDirection },
) {
  const where = groupMembersWhere(groupId, search)
  const [rows, totalCount] = await Promise.all([
    db.user.findMany({
      where,
      orderBy: [{ lastName: direction }, { firstName: direction }, { id: direction }],
      skip,
      take,
      select: { id: true, firstName: true, lastName: true, email: true },
    }),
    db.user.count({ where }),
  ])
  return { rows, totalCount }
}

export function findGroupMember(db: DbClient, { groupId, userId }: { groupId: string; userId: string }) {
  return db.groupMember.findUnique({ where: { groupId_userId: { groupId, userId } } })
}

export function addGroupMember(db: DbClient, { groupId, userId }: { groupId: string; userId: string }) {
  return db.groupMember.create({
    data: { groupId, userId },
    select: { user: { select: { id: true, firstName: true, lastName: true, email: true } } },
  })
}

export function removeGroupMember(db: DbClient, { groupId, userId }: { groupId: string; userId: string }) {
  return db.groupMember.delete({ where: { groupId_userId: { groupId, userId } } })
}

/**
 * Who may be put in one of the site's groups: someone who can already see the site (a member or in one of
 * its groups) or who belongs to the organisation that owns it. Anyone else needs an invite first.
 */
export async function mayJoinSiteGroups(
  db: DbClient,
  { siteId, userId }: { siteId: string; userId: string },
): Promise<boolean> {
  const user = await db.user.findFirst({
    where: {
      id: userId,
      OR: [
        userSeesSiteWhere(siteId),
        { organisations: { some: { organisation: { sites: { some: { id: siteId } } } } } },
      ],
    },
    select: { id: true },
  })
  return user !== null
}
