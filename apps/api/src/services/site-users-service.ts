import {
  SITE_USER_MESSAGES,
  type SiteRole,
  type SiteUserDetail,
  type SiteUsersPage,
  type SiteUsersQuery,
} from '@canopy/contracts'
import {
  findSiteUser,
  hasOtherSiteAdmin,
  listSiteUsers,
  type PrismaClient,
  removeSiteMember,
  setSiteMemberRole,
} from '@canopy/db'
import { conflict, notFound } from '../http-errors.js'
import { presentSiteUser, presentSiteUserDetail } from '../presenters/site-user.js'

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

async function findSiteUserOrThrow(prisma: PrismaClient, siteId: string, userId: string) {
  const user = await findSiteUser(prisma, { siteId, userId })
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

/**
 * A change that would leave the site without an administrator is refused: the user is its admin and no one
 * else is, directly or through a group.
 */
async function assertAnotherAdminRemains(
  prisma: PrismaClient,
  user: Awaited<ReturnType<typeof findSiteUserOrThrow>>,
  siteId: string,
) {
  if (presentSiteUserDetail(user).role !== 'admin') return
  if (!(await hasOtherSiteAdmin(prisma, { siteId, userId: user.id }))) {
    throw conflict('role', SITE_USER_MESSAGES.lastAdmin)
  }
}

/** Sets a direct member's role; one who sees the site only through a group is changed through the group. */
export async function changeSiteUserRole(
  prisma: PrismaClient,
  siteId: string,
  userId: string,
  role: SiteRole,
): Promise<SiteUserDetail> {
  const user = await findSiteUserOrThrow(prisma, siteId, userId)
  if (user.memberships.length === 0) throw conflict('role', SITE_USER_MESSAGES.notMember)
  if (role !== 'admin') await assertAnotherAdminRemains(prisma, user, siteId)
  await setSiteMemberRole(prisma, { siteId, userId, role })
  return getSiteUser(prisma, siteId, userId)
}

/** Removes the direct membership (the user keeps what the site's groups give them). */
export async function removeSiteUser(prisma: PrismaClient, siteId: string, userId: string): Promise<void> {
  const user = await findSiteUserOrThrow(prisma, siteId, userId)
  if (user.memberships.length === 0) throw conflict('role', SITE_USER_MESSAGES.notMember)
  await assertAnotherAdminRemains(prisma, user, siteId)
  await removeSiteMember(prisma, { siteId, userId })
}
