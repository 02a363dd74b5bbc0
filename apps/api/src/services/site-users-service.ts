import type { SiteUsersPage, SiteUsersQuery } from '@canopy/contracts'
import { listSiteUsers, type PrismaClient } from '@canopy/db'
import { presentSiteUser } from '../presenters/site-user.js'

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
