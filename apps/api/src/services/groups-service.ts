import {
  type AddGroupUserRequest,
  type CreateGroupRequest,
  GROUP_MESSAGES,
  type Group,
  type GroupMember,
  type GroupUsersPage,
  type GroupUsersQuery,
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
  mayJoinSiteGroups,
  type PrismaClient,
  removeGroupMember,
  type SiteGroupsFilter,
  updateGroup,
} from '@canopy/db'
import { badRequest, conflict, notFound } from '../http-errors.js'
import { presentGroup, presentGroupsPage } from '../presenters/group.js'
import { assertSiteKeepsAdmin, changeSiteAccess } from './site-access-changes.js'

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

export function createSiteGroup(
  prisma: PrismaClient,
  siteId: string,
  body: CreateGroupRequest,
): Promise<Group> {
  return changeSiteAccess(prisma, siteId, async (tx) => {
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
 * The field of a change that may take a role away from someone: a role below admin, or a move that takes
 * the group's members away from the ancestors whose roles they got; null for one that takes none away.
 */
function roleTakingField(group: GroupRecord, body: UpdateGroupRequest): 'role' | 'parentId' | null {
  if (group.role === 'admin' && body.role !== undefined && body.role !== 'admin') return 'role'
  if (body.parentId !== undefined && body.parentId !== (group.parent?.id ?? null)) return 'parentId'
  return null
}

export function updateSiteGroup(
  prisma: PrismaClient,
  siteId: string,
  groupId: string,
  body: UpdateGroupRequest,
): Promise<Group> {
  return changeSiteAccess(prisma, siteId, async (tx) => {
    const group = await findGroupOrThrow(tx, siteId, groupId)
    if (body.name !== undefined) await assertNameFree(tx, siteId, body.name, groupId)
    if (body.parentId) await assertParentAllowed(tx, siteId, groupId, body.parentId)
    const row = await updateGroup(tx, groupId, body).catch(rethrowNameClash)
    // Checked once the change is made: one that leaves the site without an administrator is undone (409).
    const field = roleTakingField(group, body)
    if (field) await assertSiteKeepsAdmin(tx, siteId, field)
    return presentGroup(row)
  })
}

/**
 * Deletes the group with its subgroups; refused when the roles they gave (their own or their ancestors')
 * were the site's last administrator.
 */
export function deleteSiteGroup(prisma: PrismaClient, siteId: string, groupId: string): Promise<void> {
  return changeSiteAccess(prisma, siteId, async (tx) => {
    await findGroupOrThrow(tx, siteId, groupId)
    await deleteGroup(tx, groupId)
    await assertSiteKeepsAdmin(tx, siteId, 'groupId')
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
  return changeSiteAccess(prisma, siteId, async (tx) => {
    await findGroupOrThrow(tx, siteId, groupId)
    if (!(await mayJoinSiteGroups(tx, { siteId, userId })))
      throw badRequest('userId', GROUP_MESSAGES.userNotAllowed)
    if (await findGroupMember(tx, { groupId, userId })) throw conflict('userId', GROUP_MESSAGES.alreadyMember)
    return (await addGroupMember(tx, { groupId, userId })).user
  })
}

/**
 * Removes a member; refused when the role the group gave them (its own or an ancestor's) was the site's
 * last administrator.
 */
export function removeGroupUser(
  prisma: PrismaClient,
  siteId: string,
  groupId: string,
  userId: string,
): Promise<void> {
  return changeSiteAccess(prisma, siteId, async (tx) => {
    await findGroupOrThrow(tx, siteId, groupId)
    if (!(await findGroupMember(tx, { groupId, userId }))) throw notFound(GROUP_MESSAGES.notMember)
    await removeGroupMember(tx, { groupId, userId })
    await assertSiteKeepsAdmin(tx, siteId, 'userId')
  })
}
