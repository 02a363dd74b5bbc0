import {
  SITE_USER_MESSAGES,
  type SiteRole,
  type SiteUserDetail,
  type SiteUsersPage,
  type SiteUsersQuery,
} from '@canopy/contracts'
import {
  type DbClient,
  findSiteUser,
  listSiteUsers,
  type PrismaClient,
  removeSiteMember,
  setSiteMemberRole,
} from '@canopy/db'
import { conflict, notFound } from '../http-errors.js'
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
    await findMemberOrThrow(tx, siteId, userId)
    await setSiteMemberRole(tx, { siteId, userId, role })
    if (role !== 'admin') await assertSiteKeepsAdmin(tx, siteId, 'role')
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
