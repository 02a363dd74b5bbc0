import type { SiteRole } from '@canopy/contracts'
import { type FormFactor, Prisma } from '../generated/prisma/client.js'
import {
  type DbClient,
  orderByIds,
  type PageWindow,
  type SortDirection,
  toContainsPattern,
} from './db-client.js'
import type { ListCountCache } from './keyset-list.js'
import { listSiteRolesOfUser } from './site-access.js'

export type SiteListSortKey = 'siteName' | 'rootUri' | 'created'

export interface ListSitesForUserInput extends PageWindow {
  userId: string
  search?: string
  /** an API token limited to these sites sees only them (null: every site the user sees) */
  onlySiteIds?: readonly string[] | null
  sortBy: SiteListSortKey
  sortDir: SortDirection
  /** answers each site's page count from a recent count (see ListCountCache) */
  countCache?: ListCountCache
}

/**
 * Text sorts compare lower-cased values: the database collation may be byte order ("C"), which would put
 * every lowercase name after every uppercase one.
 */
const SITE_LIST_ORDER: Record<SiteListSortKey, Prisma.Sql> = {
  siteName: Prisma.sql`lower(s."siteName")`,
  rootUri: Prisma.sql`lower(s."rootUri")`,
  created: Prisma.sql`s."createdAt"`,
}

function siteListInclude() {
  return {
    organisation: { select: { id: true, slug: true, name: true } },
    historyPoints: {
      where: { sectionId: null },
      orderBy: { recordedAt: 'desc' },
      take: 1,
      select: {
        overviewScore: true,
        accessibilityScore: true,
        contentQualityScore: true,
        seoScore: true,
        performanceScore: true,
      },
    },
    scans: {
      where: { kind: { in: ['site', 'section', 'page'] } },
      orderBy: [{ queuedAt: 'desc' }, { id: 'desc' }],
      take: 5,
      select: {
        id: true,
        number: true,
        state: true,
        queuedAt: true,
        finishedAt: true,
        pagesQueued: true,
        pagesScanned: true,
        pagesFailed: true,
      },
    },
  } satisfies Prisma.SiteInclude
}

export type SiteListRow = Prisma.SiteGetPayload<{ include: ReturnType<typeof siteListInclude> }> & {
  _count: { pages: number }
  /** the user's role on the site (findSiteAccessForUser's rule) */
  role: SiteRole
}

/**
 * Pages per listed site. Counted here for these sites only: Prisma's `_count` of a relation groups the whole
 * Page table by site before joining (about 300 ms with one site of 100k pages), this reads the listed
 * sites' entries of the (siteId, …) indexes.
 */
async function countPagesOfSites(
  db: DbClient,
  siteIds: string[],
  cache: ListCountCache | undefined,
): Promise<Map<string, number>> {
  if (siteIds.length === 0) return new Map()
  if (cache) {
    // Counted per site, so a site's count is shared by every list of sites that shows it.
    const counts = await Promise.all(
      siteIds.map((id) => cache(`site-pages\u0000${id}`, () => countSitePages(db, id))),
    )
    return new Map(siteIds.map((id, index) => [id, counts[index] ?? 0]))
  }
  const rows = await db.$queryRaw<{ siteId: string; count: number }[]>`
    SELECT "siteId", count(*)::int AS count FROM "Page" WHERE "siteId" IN (${Prisma.join(siteIds)})
    GROUP BY "siteId"`
  return new Map(rows.map((row) => [row.siteId, row.count]))
}

async function countSitePages(db: DbClient, siteId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM "Page" WHERE "siteId" = ${siteId}`
  return row?.count ?? 0
}

/** The same visibility rule as siteVisibleToUserWhere, for the SQL of the list. */
function visibleSitesSql(
  userId: string,
  search: string | undefined,
  onlySiteIds: readonly string[] | null | undefined,
): Prisma.Sql {
  const member = Prisma.sql`(
    EXISTS (SELECT 1 FROM "SiteMembership" m WHERE m."siteId" = s.id AND m."userId" = ${userId})
    OR EXISTS (
      SELECT 1 FROM "GroupMember" gm JOIN "Group" g ON g.id = gm."groupId"
      WHERE g."siteId" = s.id AND gm."userId" = ${userId}
    )
  )`
  const visible = onlySiteIds
    ? Prisma.sql`${member} AND s.id IN (${onlySiteIds.length ? Prisma.join(onlySiteIds) : Prisma.sql`NULL`})`
    : member
  if (!search) return visible
  const pattern = toContainsPattern(search)
  return Prisma.sql`${visible} AND (s."siteName" ILIKE ${pattern} OR s."rootUri" ILIKE ${pattern})`
}

export async function listSitesForUser(
  db: DbClient,
  { userId, search, onlySiteIds, sortBy, sortDir, skip, take, countCache }: ListSitesForUserInput,
): Promise<{ rows: SiteListRow[]; totalCount: number }> {
  const where = visibleSitesSql(userId, search, onlySiteIds)
  const direction = sortDir === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`
  const [page, [count]] = await Promise.all([
    // The id breaks ties so that paging never repeats or skips a site.
    db.$queryRaw<{ id: string }[]>`
      SELECT s.id FROM "Site" s WHERE ${where}
      ORDER BY ${SITE_LIST_ORDER[sortBy]} ${direction}, s.id ASC
      LIMIT ${take} OFFSET ${skip}`,
    db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM "Site" s WHERE ${where}`,
  ])
  const ids = page.map((row) => row.id)
  const [sites, pageCounts, roles] = await Promise.all([
    db.site.findMany({ where: { id: { in: ids } }, include: siteListInclude() }),
    countPagesOfSites(db, ids, countCache),
    listSiteRolesOfUser(db, { userId, siteIds: ids }),
  ])
  const rows = sites.map((site) => ({
    ...site,
    _count: { pages: pageCounts.get(site.id) ?? 0 },
    role: roles.get(site.id) ?? 'viewer',
  }))
  return { rows: orderByIds(rows, ids), totalCount: count?.count ?? 0 }
}

const siteConfigInclude = {
  organisation: { select: { id: true, slug: true, name: true } },
  integrations: {
    where: { kind: { in: ['issue_tracker', 'web_risk'] } },
    select: { kind: true, enabled: true, config: true },
  },
} satisfies Prisma.SiteInclude

export type SiteConfigRow = Prisma.SiteGetPayload<{ include: typeof siteConfigInclude }>

/** The site with what its config screen needs (the caller's role comes from their site access). */
export function findSiteConfigRow(db: DbClient, siteId: string) {
  return db.site.findUnique({ where: { id: siteId }, include: siteConfigInclude })
}

/** Slugs already taken by `base` or `base-<n>`, to pick the next free one. */
export async function findSiteSlugsLike(db: DbClient, base: string): Promise<string[]> {
  const rows = await db.site.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })
  return rows.map((row) => row.slug)
}

export interface SiteScheduleInput {
  scanSchedule?: string
  scanDay?: number | null
  scanHour?: number | null
  timeZone?: string
}

export interface CreateSiteInput extends SiteScheduleInput {
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
    data: { ...site, memberships: { create: { userId: adminUserId, role: 'admin' } } },
  })
}

export interface UpdateSiteInput extends SiteScheduleInput {
  siteName?: string
  rootUri?: string
  formFactor?: FormFactor
  maximumPageLimitPerScan?: number
  scanLimit?: number
  userAgent?: string | null
  respectRobots?: boolean
  sitemapUrls?: string[]
  /** the WCAG target (contracts WCAG_VERSIONS, WCAG_LEVELS) and engines (ENGINE_IDS) */
  wcagVersion?: string
  wcagLevel?: string
  accessibilityEngines?: string[]
}

export function updateSite(db: DbClient, siteId: string, changes: UpdateSiteInput) {
  return db.site.update({ where: { id: siteId }, data: changes })
}

/** What the sitemap settings show: the submitted sitemaps and the root they must stay inside. */
export function findSiteSitemapSettings(db: DbClient, siteId: string) {
  return db.site.findUnique({ where: { id: siteId }, select: { rootUri: true, sitemapUrls: true } })
}

/**
 * Pages scanned for the site by its scans queued since `since`: what its scan limit (credit limit) is
 * counted against. A frontier admitting pages counts the same way (scan-frontier.ts admitUrls).
 */
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

/** What the scan limit of a site is checked with before a scan starts; null for an unknown id. */
export function findSiteMonthlyScanLimit(db: DbClient, siteId: string) {
  return db.site.findUnique({ where: { id: siteId }, select: { id: true, scanLimit: true } })
}

/** countPagesScannedSince for many sites in one grouped query; a site that scanned nothing is left out. */
export async function countPagesScannedSinceBySite(
  db: DbClient,
  { siteIds, since }: { siteIds: string[]; since: Date },
): Promise<Map<string, number>> {
  if (siteIds.length === 0) return new Map()
  const rows = await db.scan.groupBy({
    by: ['siteId'],
    where: { siteId: { in: siteIds }, queuedAt: { gte: since } },
    _sum: { pagesScanned: true },
  })
  return new Map(rows.flatMap((row) => (row.siteId ? [[row.siteId, row._sum.pagesScanned ?? 0]] : [])))
}

/**
 * Which of a job's site and scan no longer exist (the site was deleted while the job ran): true when either
 * is named and gone.
 */
export async function isSiteOrScanGone(
  db: DbClient,
  { siteId, scanId }: { siteId?: string; scanId?: string },
): Promise<boolean> {
  const [site, scan] = await Promise.all([
    siteId ? db.site.findUnique({ where: { id: siteId }, select: { id: true } }) : true,
    scanId ? db.scan.findUnique({ where: { id: scanId }, select: { id: true } }) : true,
  ])
  return !site || !scan
}

/** Every scan of the site (ids only): what its artefacts on disk and its queue jobs are named by. */
export async function listSiteScanIds(db: DbClient, siteId: string): Promise<string[]> {
  const rows = await db.scan.findMany({ where: { siteId }, select: { id: true } })
  return rows.map((row) => row.id)
}

/** Deletes the site; every row of it (scans, pages, issues, members, sections…) goes with it by cascade. */
export async function deleteSiteById(db: DbClient, siteId: string): Promise<boolean> {
  const { count } = await db.site.deleteMany({ where: { id: siteId } })
  return count > 0
}

/** The site's slug and name, for what names it to people (e-mails); null for an unknown id. */
export function findSiteNameById(db: DbClient, siteId: string) {
  return db.site.findUnique({ where: { id: siteId }, select: { slug: true, siteName: true } })
}
