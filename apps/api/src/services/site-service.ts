import {
  type CreateSiteRequest,
  type PagedList,
  pickFreeSlug,
  type SectionWrite,
  type SiteConfig,
  type SiteListItem,
  slugify,
  type UpdateSiteRequest,
} from '@canopy/contracts'
import {
  applySubscriptionToOrganisation,
  type CreateSiteInput,
  createSiteWithAdmin,
  findSiteConfigRow,
  findSiteSlugsLike,
  isUniqueConstraintError,
  listAdministeredOrganisations,
  listSitesForUser,
  type PrismaClient,
  runInTransaction,
  type SiteAccess,
  type SiteListSortKey,
  type UpdateSiteInput,
  updateSite,
} from '@canopy/db'
import { badRequest, forbidden, notFound } from '../http-errors.js'
import { SITE_NOT_FOUND_MESSAGE } from '../plugins/app/site-access.js'
import { presentPagedList, toPageWindow } from '../presenters/paged-list.js'
import { presentSiteConfig, presentSiteListItem } from '../presenters/site.js'
import { listCountCache } from './list-scope.js'
import { assertValidScanSchedule, weeklyScanPattern } from './scan-schedule-service.js'
import { readScanUsage } from './scan-usage-service.js'
import { assertPatternsRunnable, createSiteSection } from './section-service.js'

const DEFAULT_SCAN_DAY = 1
const DEFAULT_SCAN_HOUR = 3

export const NO_ORGANISATION_MESSAGE = 'You need to be an administrator of an organisation to create a site.'
export const NOT_ORGANISATION_ADMIN_MESSAGE = 'You are not an administrator of this organisation.'
export const CHOOSE_ORGANISATION_MESSAGE = 'Choose the organisation the site belongs to.'

export interface SiteListQuery {
  page: number
  pageSize: number
  sortBy?: SiteListSortKey
  sortDir?: 'asc' | 'desc'
  search?: string
}

/** The user's sites; an API token limited to some sites (`onlySiteIds`) lists only those. */
export async function listSites(
  prisma: PrismaClient,
  { userId, onlySiteIds }: { userId: string; onlySiteIds: readonly string[] | null },
  query: SiteListQuery,
): Promise<PagedList<SiteListItem>> {
  const { rows, totalCount } = await listSitesForUser(prisma, {
    userId,
    onlySiteIds,
    search: query.search?.trim() || undefined,
    sortBy: query.sortBy ?? 'siteName',
    sortDir: query.sortDir ?? 'asc',
    ...toPageWindow(query),
    countCache: listCountCache,
  })
  return presentPagedList(rows.map(presentSiteListItem), totalCount, query)
}

export async function getSiteConfig(prisma: PrismaClient, access: SiteAccess): Promise<SiteConfig> {
  const row = await findSiteConfigRow(prisma, access.siteId)
  if (!row) throw notFound(SITE_NOT_FOUND_MESSAGE)
  const scanUsage = await readScanUsage(prisma, row)
  // The caller's role as the access check gave it: an API token may cap it below the membership's.
  return presentSiteConfig(row, { scanUsage, role: access.role })
}

async function chooseOrganisation(prisma: PrismaClient, userId: string, organisationId: string | undefined) {
  const organisations = await listAdministeredOrganisations(prisma, userId)
  if (organisationId) {
    if (!organisations.some((organisation) => organisation.id === organisationId)) {
      throw forbidden(NOT_ORGANISATION_ADMIN_MESSAGE)
    }
    return organisationId
  }
  const [only, ...others] = organisations
  if (!only) throw forbidden(NO_ORGANISATION_MESSAGE)
  if (others.length > 0) throw badRequest('organisationId', CHOOSE_ORGANISATION_MESSAGE)
  return only.id
}

const SLUG_ATTEMPTS = 3

/** The new site's schedule: the day and hour chosen (else Mondays at 03:00), in its time zone (else UTC). */
function newSiteSchedule(body: CreateSiteRequest) {
  const scanDay = body.scanDay ?? DEFAULT_SCAN_DAY
  const scanHour = body.scanHour ?? DEFAULT_SCAN_HOUR
  return { scanDay, scanHour, scanSchedule: weeklyScanPattern(scanDay, scanHour), timeZone: body.timeZone }
}

/** The site, its admin and its first section (when one is given) are made together or not at all. */
function createSiteRows(
  prisma: PrismaClient,
  input: CreateSiteInput,
  firstSection: SectionWrite | undefined,
) {
  return runInTransaction(prisma, async (tx) => {
    const site = await createSiteWithAdmin(tx, input)
    if (firstSection) await createSiteSection(tx, site.id, firstSection)
    // A site added to a paying organisation is paying from the start.
    await applySubscriptionToOrganisation(tx, site.organisationId, site.id)
    return site
  })
}

export async function createSite(
  prisma: PrismaClient,
  userId: string,
  body: CreateSiteRequest,
): Promise<SiteConfig> {
  const organisationId = await chooseOrganisation(prisma, userId, body.organisationId)
  if (body.firstSection) assertPatternsRunnable(body.firstSection.conditions)
  const base = slugify(body.siteName) || 'site'
  for (let attempt = 1; ; attempt += 1) {
    const slug = pickFreeSlug(base, await findSiteSlugsLike(prisma, base))
    try {
      const input: CreateSiteInput = {
        slug,
        siteName: body.siteName,
        rootUri: body.rootUri,
        organisationId,
        formFactor: body.formFactor,
        maximumPageLimitPerScan: body.maximumPageLimitPerScan,
        adminUserId: userId,
        ...newSiteSchedule(body),
      }
      const site = await createSiteRows(prisma, input, body.firstSection)
      return getSiteConfig(prisma, { siteId: site.id, slug: site.slug, role: 'admin' })
    } catch (error) {
      // Another site took the slug between the look-up and the insert: look again.
      if (!isUniqueConstraintError(error) || attempt >= SLUG_ATTEMPTS) throw error
    }
  }
}

/**
 * What PUT /sites/:slug stores. The day and hour the settings screen edits make the weekly pattern (a day
 * or an hour sent alone keeps the other as it was); a raw cron pattern makes the schedule custom (no day
 * or hour). An empty user agent means the scanner's default. The accessibility settings (WCAG target and
 * engines) are stored as the site's columns; the next scan judges its results against them.
 */
export function toSiteChanges(
  changes: UpdateSiteRequest,
  current: { scanDay: number | null; scanHour: number | null },
): UpdateSiteInput {
  const { scanDay, scanHour, scanSchedule, userAgent, accessibility, ...rest } = changes
  const stored: UpdateSiteInput = { ...rest }
  if (userAgent !== undefined) stored.userAgent = userAgent || null
  if (accessibility) {
    stored.wcagVersion = accessibility.wcagTarget.version
    stored.wcagLevel = accessibility.wcagTarget.level
    stored.accessibilityEngines = accessibility.engines
  }
  if (scanDay !== undefined || scanHour !== undefined) {
    const day = scanDay ?? current.scanDay ?? DEFAULT_SCAN_DAY
    const hour = scanHour ?? current.scanHour ?? DEFAULT_SCAN_HOUR
    return { ...stored, scanDay: day, scanHour: hour, scanSchedule: weeklyScanPattern(day, hour) }
  }
  if (scanSchedule !== undefined) {
    assertValidScanSchedule(scanSchedule)
    return { ...stored, scanSchedule, scanDay: null, scanHour: null }
  }
  return stored
}

/** The slug stays as it was: it is in every bookmarked URL of the site. */
export async function changeSite(
  prisma: PrismaClient,
  access: SiteAccess,
  changes: UpdateSiteRequest,
): Promise<SiteConfig> {
  const current = await getSiteConfig(prisma, access)
  await updateSite(prisma, access.siteId, toSiteChanges(changes, current))
  return getSiteConfig(prisma, access)
}
