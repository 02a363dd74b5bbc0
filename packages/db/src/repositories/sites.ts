import type { FormFactor, Prisma } from '../generated/prisma/client.js'
import type { DbClient, PageWindow, SortDirection } from './db-client.js'
import { siteAdminAccessSelect, siteVisibleToUserWhere } from './site-access.js'

export type SiteListSortKey = 'siteName' | 'rootUri' | 'created'

export interface ListSitesForUserInput extends PageWindow {
  userId: string
  search?: string
  sortBy: SiteListSortKey
  sortDir: SortDirection
}

const SITE_LIST_ORDER: Record<SiteListSortKey, (dir: SortDirection) => Prisma.SiteOrderByWithRelationInput> =
  {
    siteName: (dir) => ({ siteName: dir }),
    rootUri: (dir) => ({ rootUri: dir }),
    created: (dir) => ({ createdAt: dir }),
  }

function siteListInclude(userId: string) {
  return {
    organisation: { select: { id: true, slug: true, name: true } },
    ...siteAdminAccessSelect(userId),
    _count: { select: { pages: true } },
    historyPoints: {
      where: { sectionId: null },
      orderBy: { recordedAt: 'desc' },
      take: 1,
      select: { overviewScore: true },
    },
  } satisfies Prisma.SiteInclude
}

export type SiteListRow = Prisma.SiteGetPayload<{ include: ReturnType<typeof siteListInclude> }>

export async function listSitesForUser(
  db: DbClient,
  { userId, search, sortBy, sortDir, skip, take }: ListSitesForUserInput,
): Promise<{ rows: SiteListRow[]; totalCount: number }> {
  const where: Prisma.SiteWhereInput = { AND: [siteVisibleToUserWhere(userId)] }
  if (search) {
    where.OR = [
      { siteName: { contains: search, mode: 'insensitive' } },
      { rootUri: { contains: search, mode: 'insensitive' } },
    ]
  }
  const [rows, totalCount] = await Promise.all([
    db.site.findMany({
      where,
      include: siteListInclude(userId),
      // The id breaks ties so that paging never repeats or skips a site.
      orderBy: [SITE_LIST_ORDER[sortBy](sortDir), { id: 'asc' }],
      skip,
      take,
    }),
    db.site.count({ where }),
  ])
  return { rows, totalCount }
}

function siteConfigInclude(userId: string) {
  return {
    organisation: { select: { id: true, slug: true, name: true } },
    integrations: {
      where: { kind: { in: ['issue_tracker', 'web_risk'] } },
      select: { kind: true, enabled: true, config: true },
    },
    ...siteAdminAccessSelect(userId),
  } satisfies Prisma.SiteInclude
}

export type SiteConfigRow = Prisma.SiteGetPayload<{ include: ReturnType<typeof siteConfigInclude> }>

/** The site with what its config screen needs, seen by `userId` (for hasAdminAccess). */
export function findSiteConfigRow(db: DbClient, { siteId, userId }: { siteId: string; userId: string }) {
  return db.site.findUnique({ where: { id: siteId }, include: siteConfigInclude(userId) })
}

/** Slugs already taken by `base` or `base-<n>`, to pick the next free one. */
export async function findSiteSlugsLike(db: DbClient, base: string): Promise<string[]> {
  const rows = await db.site.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })
  return rows.map((row) => row.slug)
}

export interface CreateSiteInput {
  slug: string
  siteName: string
  rootUri: string
  organisationId: string
  formFactor?: FormFactor
  maximumPageLimitPerScan?: number
  adminUserId: string
}

export function createSiteWithAdmin(db: DbClient, { adminUserId, ...site }: CreateSiteInput) {
  return db.site.create({
    data: { ...site, memberships: { create: { userId: adminUserId, isAdmin: true } } },
  })
}

export interface UpdateSiteInput {
  siteName?: string
  rootUri?: string
  formFactor?: FormFactor
  maximumPageLimitPerScan?: number
  scanSchedule?: string
}

export function updateSite(db: DbClient, siteId: string, changes: UpdateSiteInput) {
  return db.site.update({ where: { id: siteId }, data: changes })
}

/** Pages scanned for the site since `since`: what its scan limit (credit limit) is counted against. */
export async function countPagesScannedSince(
  db: DbClient,
  { siteId, since }: { siteId: string; since: Date },
) {
  const result = await db.scan.aggregate({
    where: { siteId, queuedAt: { gte: since } },
    _sum: { pagesScanned: true },
  })
  return result._sum.pagesScanned ?? 0
}
