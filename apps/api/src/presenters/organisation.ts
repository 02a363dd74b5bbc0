import type { Account, Organisation, OrganisationListItem, ProductSubscription } from '@canopy/contracts'
import type { findOrganisationWithSiteLimits, listOrganisationsPage, Subscription } from '@canopy/db'

type ListRow = Awaited<ReturnType<typeof listOrganisationsPage>>['rows'][number]
type OrganisationRow = NonNullable<Awaited<ReturnType<typeof findOrganisationWithSiteLimits>>>

function readText(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null
}

/** The stored location is JSON written by the account forms; anything missing reads as empty. */
export function presentLocation(stored: unknown): Account['location'] {
  const location = (stored ?? {}) as Record<string, unknown>
  return {
    addressLine1: readText(location.addressLine1) ?? '',
    addressLine2: readText(location.addressLine2),
    townOrCity: readText(location.townOrCity) ?? '',
    county: readText(location.county),
    postcode: readText(location.postcode) ?? '',
    country: readText(location.country) ?? '',
  }
}

export function presentOrganisationListItem(row: ListRow): OrganisationListItem {
  return {
    sys: { id: row.id, slug: row.slug, version: { created: row.createdAt.toISOString() } },
    entryTitle: row.name,
    subType: row.subType,
    isBusinessOrOrganisation: row.isBusinessOrOrganisation,
    subscription: row.subscription,
  }
}

function presentProductSubscription(row: Subscription): ProductSubscription {
  return {
    type: row.type,
    scanLimit: row.scanLimit,
    billingAmount: Number(row.billingAmount),
    billingPeriod: row.billingPeriod,
    validTo: row.validTo?.toISOString() ?? null,
    status: row.status,
    providerManaged: row.providerManaged,
  }
}

/** usage: pages scanned this month by site id; firstScanned: each site's first completed full scan. */
export function presentOrganisation(
  row: OrganisationRow,
  { usage, firstScanned }: { usage: Map<string, number>; firstScanned: Map<string, Date> },
): Organisation {
  const items = row.sites.map((site) => ({
    siteName: site.siteName,
    slug: site.slug,
    rootUri: site.rootUri,
    totalUsage: usage.get(site.id) ?? 0,
    scanLimit: site.scanLimit,
    firstScanned: firstScanned.get(site.id)?.toISOString() ?? null,
  }))
  return {
    sys: { id: row.id, slug: row.slug, version: { created: row.createdAt.toISOString() } },
    name: row.name,
    subType: row.subType,
    isBusinessOrOrganisation: row.isBusinessOrOrganisation,
    emailAddress: row.emailAddress,
    phoneNumber: row.phoneNumber,
    location: presentLocation(row.location),
    productSubscription: row.subscription ? presentProductSubscription(row.subscription) : null,
    sites: {
      overall: {
        totalLimit: items.reduce((sum, site) => sum + site.scanLimit, 0),
        totalUsage: items.reduce((sum, site) => sum + site.totalUsage, 0),
      },
      items,
    },
  }
}
