import type { SiteConfig, SiteListItem } from '@canopy/contracts'
import { hasSiteAdminAccess, type SiteConfigRow, type SiteListRow } from '@canopy/db'

function presentSys(row: { id: string; slug: string; createdAt: Date; updatedAt: Date }) {
  return {
    id: row.id,
    slug: row.slug,
    version: { created: row.createdAt.toISOString(), modified: row.updatedAt.toISOString() },
  }
}

function readBaseUrl(config: unknown): string {
  if (
    typeof config === 'object' &&
    config !== null &&
    'baseUrl' in config &&
    typeof config.baseUrl === 'string'
  ) {
    return config.baseUrl
  }
  return ''
}

export function presentSiteConfig(
  row: SiteConfigRow,
  { reachedScanLimit }: { reachedScanLimit: boolean },
): SiteConfig {
  const issueTracker = row.integrations.find((integration) => integration.kind === 'issue_tracker')
  const webRisk = row.integrations.find((integration) => integration.kind === 'web_risk')
  return {
    sys: presentSys(row),
    siteName: row.siteName,
    rootUri: row.rootUri,
    productVersion: row.productVersion,
    hasAdminAccess: hasSiteAdminAccess(row),
    isPaying: row.isPaying,
    firstScanCompleted: row.firstScanCompleted,
    organisation: row.organisation,
    webRiskIntegration: { enabled: webRisk?.enabled ?? false },
    jiraIntegration: { enabled: issueTracker?.enabled ?? false, baseUrl: readBaseUrl(issueTracker?.config) },
    reachedScanLimit,
    formFactor: row.formFactor,
    maximumPageLimitPerScan: row.maximumPageLimitPerScan,
    scanSchedule: row.scanSchedule,
  }
}

export function presentSiteListItem(row: SiteListRow): SiteListItem {
  return {
    sys: presentSys(row),
    siteName: row.siteName,
    rootUri: row.rootUri,
    productVersion: row.productVersion,
    hasAdminAccess: hasSiteAdminAccess(row),
    isPaying: row.isPaying,
    firstScanCompleted: row.firstScanCompleted,
    organisation: row.organisation,
    overallScore: row.historyPoints[0]?.overviewScore ?? null,
    pageCount: row._count.pages,
  }
}
