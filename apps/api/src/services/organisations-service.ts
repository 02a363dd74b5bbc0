import {
  ORGANISATION_MESSAGES,
  type Organisation,
  type OrganisationListItem,
  type OrganisationListQuery,
  type PagedList,
  scanLimitPeriodStart,
  type UpdateOrganisationRequest,
} from '@canopy/contracts'
import {
  countPagesScannedSinceBySite,
  findFirstCompletedScanDates,
  findOrganisationWithSiteLimits,
  listOrganisationsPage,
  type PrismaClient,
  type User,
} from '@canopy/db'
import { notFound } from '../http-errors.js'
import { presentOrganisation, presentOrganisationListItem } from '../presenters/organisation.js'
import { presentPagedList, toPageWindow } from '../presenters/paged-list.js'
import { saveAccountDetails } from './crm-service.js'
import { requireOrganisationAdministrator } from './organisation-access.js'

type Viewer = Pick<User, 'id' | 'isStaff'>

/** Staff see every organisation; anyone else those they administer. */
export async function listOrganisations(
  prisma: PrismaClient,
  viewer: Viewer,
  query: OrganisationListQuery,
): Promise<PagedList<OrganisationListItem>> {
  const { rows, totalCount } = await listOrganisationsPage(prisma, {
    administratorId: viewer.isStaff ? null : viewer.id,
    search: query.search?.trim() || undefined,
    sortBy: query.sortBy ?? 'entryTitle',
    sortDir: query.sortDir ?? 'asc',
    ...toPageWindow(query),
  })
  return presentPagedList(rows.map(presentOrganisationListItem), totalCount, query)
}

/** The organisation for its administrators and staff: 404 to a non-member, 403 to a member who is not one. */
async function findAdministeredOrganisation(prisma: PrismaClient, idOrSlug: string, viewer: Viewer) {
  const row = await findOrganisationWithSiteLimits(prisma, { idOrSlug, userId: viewer.id })
  if (!row) throw notFound(ORGANISATION_MESSAGES.notFound)
  requireOrganisationAdministrator(row.members[0], viewer)
  return row
}

/** The organisation with its sites' usage: pages scanned this calendar month (UTC), two queries for all sites. */
export async function getOrganisation(
  prisma: PrismaClient,
  idOrSlug: string,
  viewer: Viewer,
  now: Date = new Date(),
): Promise<Organisation> {
  const row = await findAdministeredOrganisation(prisma, idOrSlug, viewer)
  const siteIds = row.sites.map((site) => site.id)
  const [usage, firstScanned] = await Promise.all([
    countPagesScannedSinceBySite(prisma, { siteIds, since: scanLimitPeriodStart(now) }),
    findFirstCompletedScanDates(prisma, siteIds),
  ])
  return presentOrganisation(row, { usage, firstScanned })
}

export async function changeOrganisation(
  prisma: PrismaClient,
  idOrSlug: string,
  viewer: Viewer,
  body: UpdateOrganisationRequest,
): Promise<Organisation> {
  const { id } = await findAdministeredOrganisation(prisma, idOrSlug, viewer)
  await saveAccountDetails(prisma, id, body)
  return getOrganisation(prisma, id, viewer)
}
