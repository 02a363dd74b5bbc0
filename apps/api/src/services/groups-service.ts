import {
  type AddGroupUserRequest,
  type CreateGroupRequest,
  GROUP_MESSAGES,
  type Group,
  type GroupMember,
  type GroupUsersPage,
  type GroupUsersQuery,
  SITE_USER_MESSAGES,
  type SiteGroupsPage,
  type SiteGroupsQuery,
  type UpdateGroupRequest,
} from '@canopy/contracts'
import {
  addGroupMember,
  createGroup,
  type DbClient,
  deleteGroup,
  findGroupMember,
  findSiteGroup,
  findSiteGroupByName,
  isUniqueConstraintError,
  listGroupMembers,
  listGroupSubtree,
  listSiteGroups,
  lockSiteGroups,
  mayJoinSiteGroups,
  type PrismaClient,
  removeGroupMember,
  runInTransaction,
  type SiteGroupsFilter,
  siteKeepsAdmin,
  updateGroup,
} from '@canopy/db'
import { badRequest, conflict, notFound } from '../http-errors.js'
import { presentGroup, presentGroupsPage } from '../presenters/group.js'

type GroupRecord = NonNullable<Awaited<ReturnType<typeof findSiteGroup>>>

async function findGroupOrThrow(db: DbClient, siteId: string, groupId: string): Promise<GroupRecord> {
  const group = await findSiteGroup(db, { siteId, groupId })
  if (!group) throw notFound(GROUP_MESSAGES.notFound)
  return group
}

async function subtreeIds(db: DbClient, groupId: string): Promise<string[]> {
  return (await listGroupSubtree(db, groupId)).map((group) => group.id)
}

async function listGroupsPage(
  db: DbClient,
  filter: SiteGroupsFilter,
  query: SiteGroupsQuery,
): Promise<SiteGroupsPage> {
  const sortBy = query.sortBy === undefined || query.sortBy === 'undefined' ? 'name' : query.sortBy
  const { rows, totalCount } = await listSiteGroups(db, filter, {
    skip: query.page * query.pageSize,
    take: query.pageSize,
    sortBy,
    direction: query.sortDir ?? 'asc',
  })
  return presentGroupsPage(rows, totalCount, query)
}

/** The site's top-level groups, or with includeInherited every group of the site, zero-based pages. */
export function getSiteGroups(prisma: PrismaClient, siteId: string, query: SiteGroupsQuery) {
  const parentId = query.includeInherited === 'true' ? undefined : null
  return listGroupsPage(prisma, { siteId, parentId, search: query.search }, query)
}

/** The group's own subgroups, or with includeInherited every group nested below it. */
export async function getSubgroups(
  prisma: PrismaClient,
  siteId: string,
  groupId: string,
  query: SiteGroupsQuery,
): Promise<SiteGroupsPage> {
  await findGroupOrThrow(prisma, siteId, groupId)
  const filter: SiteGroupsFilter =
    query.includeInherited === 'true'
      ? { siteId, ids: (await subtreeIds(prisma, groupId)).filter((id) => id !== groupId) }
      : { siteId, parentId: groupId }
  return listGroupsPage(prisma, { ...filter, search: query.search }, query)
}

export async function getGroup(prisma: PrismaClient, siteId: string, groupId: string): Promise<Group> {
  return presentGroup(await findGroupOrThrow(prisma, siteId, groupId))
}

/** Group names are unique on a site whatever their case. */
async function assertNameFree(db: DbClient, siteId: string, name: string, exceptId?: string) {
  if (await findSiteGroupByName(db, { siteId, name, exceptId }))
    throw conflict('name', GROUP_MESSAGES.nameTaken)
}

function rethrowNameClash(error: unknown): never {
  if (isUniqueConstraintError(error)) throw conflict('name', GROUP_MESSAGES.nameTaken)
  throw error
}

/** A parent must be a group of the same site; a group of another site reads as no group at all. */
async function assertParentOfSite(db: DbClient, siteId: string, parentId: string) {
  if (!(await findSiteGroup(db, { siteId, groupId: parentId }))) {
    throw badRequest('parentId', GROUP_MESSAGES.parentNotFound)
  }
}

/** A change to the site's groups, serialised per site with the checks it makes first (lockSiteGroups). */
function changeSiteGroups<T>(prisma: PrismaClient, siteId: string, work: (tx: DbClient) => Promise<T>) {
  return runInTransaction(prisma, async (tx) => {
    await lockSiteGroups(tx, siteId)
    return work(tx)
  })
}

export function createSiteGroup(
  prisma: PrismaClient,
  siteId: string,
  body: CreateGroupRequest,
): Promise<Group> {
  return changeSiteGroups(prisma, siteId, async (tx) => {
    await assertNameFree(tx, siteId, body.name)
    const parentId = body.parentId ?? null
    if (parentId) await assertParentOfSite(tx, siteId, parentId)
    const row = await createGroup(tx, { siteId, name: body.name, role: body.role, parentId }).catch(
      rethrowNameClash,
    )
    return presentGroup(row)
  })
}

/** A group cannot move inside itself or inside one of its own subgroups: the tree would become a loop. */
async function assertParentAllowed(tx: DbClient, siteId: string, groupId: string, parentId: string) {
  await assertParentOfSite(tx, siteId, parentId)
  if ((await subtreeIds(tx, groupId)).includes(parentId)) {
    throw badRequest('parentId', GROUP_MESSAGES.parentCycle)
  }
}

/**
 * A change that would leave the site without an administrator is refused (409), as on the users
 * endpoints: the admin groups being removed or downgraded were the only way anyone administers it.
 */
async function assertAdminRemains(
  tx: DbClient,
  siteId: string,
  field: string,
  without: Parameters<typeof siteKeepsAdmin>[1],
) {
  if (!(await siteKeepsAdmin(tx, { ...without, siteId }))) throw conflict(field, SITE_USER_MESSAGES.lastAdmin)
}

export function updateSiteGroup(
  prisma: PrismaClient,
  siteId: string,
  groupId: string,
  body: UpdateGroupRequest,
): Promise<Group> {
  return changeSiteGroups(prisma, siteId, async (tx) => {
    const group = await findGroupOrThrow(tx, siteId, groupId)
    if (body.name !== undefined) await assertNameFree(tx, siteId, body.name, groupId)
    if (body.parentId) await assertParentAllowed(tx, siteId, groupId, body.parentId)
    if (group.role === 'admin' && body.role !== undefined && body.role !== 'admin') {
      await assertAdminRemains(tx, siteId, 'role', { siteId, withoutGroupIds: [groupId] })
    }
    const row = await updateGroup(tx, groupId, body).catch(rethrowNameClash)
    return presentGroup(row)
  })
}

/** Deletes the group with its subgroups; refused when their admin role was the site's last administrator. */
export function deleteSiteGroup(prisma: PrismaClient, siteId: string, groupId: string): Promise<void> {
  return changeSiteGroups(prisma, siteId, async (tx) => {
    await findGroupOrThrow(tx, siteId, groupId)
    const removed = await listGroupSubtree(tx, groupId)
    if (removed.some((group) => group.role === 'admin')) {
      const withoutGroupIds = removed.map((group) => group.id)
      await assertAdminRemains(tx, siteId, 'groupId', { siteId, withoutGroupIds })
    }
    await deleteGroup(tx, groupId)
  })
}

/** One zero-based page of the group's own members, by name. */
export async function getGroupUsers(
  prisma: PrismaClient,
  siteId: string,
  groupId: string,
  query: GroupUsersQuery,
): Promise<GroupUsersPage> {
  await findGroupOrThrow(prisma, siteId, groupId)
  const { rows, totalCount } = await listGroupMembers(
    prisma,
    { groupId, search: query.search },
    { skip: query.page * query.pageSize, take: query.pageSize, direction: query.sortDir ?? 'asc' },
  )
  return { items: rows, pageIndex: query.page, pageSize: query.pageSize, totalCount }
}

/**
 * Adds a user who can already see the site or belongs to its organisation (mayJoinSiteGroups); anyone else
 * is refused on userId, unknown ids alike, so the answer tells nothing of who has an account.
 */
export function addGroupUser(
  prisma: PrismaClient,
  siteId: string,
  groupId: string,
  { userId }: AddGroupUserRequest,
): Promise<GroupMember> {
  return changeSiteGroups(prisma, siteId, async (tx) => {
    await findGroupOrThrow(tx, siteId, groupId)
    if (!(await mayJoinSiteGroups(tx, { siteId, userId })))
      throw badRequest('userId', GROUP_MESSAGES.userNotAllowed)
    if (await findGroupMember(tx, { groupId, userId })) throw conflict('userId', GROUP_MESSAGES.alreadyMember)
    return (await addGroupMember(tx, { groupId, userId })).user
  })
}

/** Removes a member; refused when their place in an admin group was the site's last administrator. */
export function removeGroupUser(
  prisma: PrismaClient,
  siteId: string,
  groupId: string,
  userId: string,
): Promise<void> {
  return changeSiteGroups(prisma, siteId, async (tx) => {
    const group = await findGroupOrThrow(tx, siteId, groupId)
    if (!(await findGroupMember(tx, { groupId, userId }))) throw notFound(GROUP_MESSAGES.notMember)
    if (group.role === 'admin') {
      await assertAdminRemains(tx, siteId, 'userId', { siteId, withoutMember: { groupId, userId } })
    }
    await removeGroupMember(tx, { groupId, userId })
  })
}
