import {
  ACCOUNT_EXPIRY_MESSAGES,
  type ChangeSiteUserRequest,
  SITE_USER_MESSAGES,
  type SiteRole,
  type SiteUserDetail,
  type SiteUsersPage,
  type SiteUsersQuery,
} from '@canopy/contracts'
import {
  type DbClient,
  findSiteUser,
  listSiteIdsVisibleToUser,
  listSiteRolesOfUser,
  listSiteUsers,
  type PrismaClient,
  removeSiteMember,
  setAccountExpiry,
  setSiteMemberRole,
  type User,
} from '@canopy/db'
import { badRequest, conflict, notFound } from '../http-errors.js'
import { presentSiteUser, presentSiteUserDetail } from '../presenters/site-user.js'
import { assertSiteKeepsAdmin, changeSiteAccess } from './site-access-changes.js'

/** One zero-based page of the people who can see the site, by name (the assign modal's user search). */
export async function getSiteUsers(
  prisma: PrismaClient,
  siteId: string,
  query: SiteUsersQuery,
): Promise<SiteUsersPage> {
  const { rows, totalCount } = await listSiteUsers(
    prisma,
    { siteId, search: query.search, includeInherited: query.includeInherited === 'true' },
    { skip: query.page * query.pageSize, take: query.pageSize, direction: query.sortDir ?? 'asc' },
  )
  return { items: rows.map(presentSiteUser), pageIndex: query.page, pageSize: query.pageSize, totalCount }
}

async function findSiteUserOrThrow(db: DbClient, siteId: string, userId: string) {
  const user = await findSiteUser(db, { siteId, userId })
  if (!user) throw notFound(SITE_USER_MESSAGES.notFound)
  return user
}

export async function getSiteUser(
  prisma: PrismaClient,
  siteId: string,
  userId: string,
): Promise<SiteUserDetail> {
  return presentSiteUserDetail(await findSiteUserOrThrow(prisma, siteId, userId))
}

/** The direct member; one who sees the site only through a group is changed through the group (409). */
async function findMemberOrThrow(db: DbClient, siteId: string, userId: string) {
  const user = await findSiteUserOrThrow(db, siteId, userId)
  if (user.memberships.length === 0) throw conflict('role', SITE_USER_MESSAGES.notMember)
  return user
}

/** The expiry asked for: undefined (unchanged), null (none) or a moment that must be in the future (400). */
function parseAccountExpiry(value: string | null | undefined, now: Date): Date | null | undefined {
  if (value === undefined || value === null) return value
  const expiry = new Date(value)
  if (!(expiry > now)) throw badRequest('accountExpiry', ACCOUNT_EXPIRY_MESSAGES.notInFuture)
  return expiry
}

/**
 * The expiry ends the whole account, on every site, so a site administrator may set or clear it only for
 * an account whose every site they administer themselves (staff: any), never for their own account (they
 * would lock themselves out) nor for a staff account. Refusals are 409 with the reason.
 */
async function assertMayChangeExpiry(
  prisma: PrismaClient,
  { siteId, caller, userId }: { siteId: string; caller: User; userId: string },
): Promise<void> {
  const target = await findSiteUserOrThrow(prisma, siteId, userId)
  if (target.id === caller.id) throw conflict('accountExpiry', ACCOUNT_EXPIRY_MESSAGES.ownAccount)
  if (target.isStaff) throw conflict('accountExpiry', ACCOUNT_EXPIRY_MESSAGES.staffAccount)
  if (caller.isStaff) return
  const siteIds = await listSiteIdsVisibleToUser(prisma, userId)
  const callerRoles = await listSiteRolesOfUser(prisma, { userId: caller.id, siteIds })
  if (siteIds.some((id) => callerRoles.get(id) !== 'admin')) {
    throw conflict('accountExpiry', ACCOUNT_EXPIRY_MESSAGES.otherSites)
  }
}

/**
 * PUT users/:userId: the member's role, the account's expiry, or both, in one transaction under the site's
 * access lock (the role change keeps its last-administrator check).
 */
export async function updateSiteUser(
  prisma: PrismaClient,
  { siteId, caller }: { siteId: string; caller: User },
  userId: string,
  { role, accountExpiry }: ChangeSiteUserRequest,
): Promise<SiteUserDetail> {
  const expiry = parseAccountExpiry(accountExpiry, new Date())
  if (expiry !== undefined) await assertMayChangeExpiry(prisma, { siteId, caller, userId })
  return changeSiteAccess(prisma, siteId, async (tx) => {
    if (role) await setRoleOf(tx, siteId, userId, role)
    if (expiry !== undefined) {
      await findSiteUserOrThrow(tx, siteId, userId)
      await setAccountExpiry(tx, userId, expiry)
    }
    return presentSiteUserDetail(await findSiteUserOrThrow(tx, siteId, userId))
  })
}

async function setRoleOf(tx: DbClient, siteId: string, userId: string, role: SiteRole) {
  await findMemberOrThrow(tx, siteId, userId)
  await setSiteMemberRole(tx, { siteId, userId, role })
  if (role !== 'admin') await assertSiteKeepsAdmin(tx, siteId, 'role')
}

/**
 * Sets a direct member's role, under the site's access lock like every change to its groups: a change that
 * leaves the site without an administrator (directly or through any group) is refused (409) and undone, and
 * two changes at once cannot both pass that check.
 */
export async function changeSiteUserRole(
  prisma: PrismaClient,
  siteId: string,
  userId: string,
  role: SiteRole,
): Promise<SiteUserDetail> {
  return changeSiteAccess(prisma, siteId, async (tx) => {
    await setRoleOf(tx, siteId, userId, role)
    return presentSiteUserDetail(await findSiteUserOrThrow(tx, siteId, userId))
  })
}

/**
 * Removes the direct membership (the user keeps what the site's groups give them), under the same lock and
 * last-administrator check as a role change.
 */
export async function removeSiteUser(prisma: PrismaClient, siteId: string, userId: string): Promise<void> {
  await changeSiteAccess(prisma, siteId, async (tx) => {
    await findMemberOrThrow(tx, siteId, userId)
    await removeSiteMember(tx, { siteId, userId })
    await assertSiteKeepsAdmin(tx, siteId, 'role')
  })
}
