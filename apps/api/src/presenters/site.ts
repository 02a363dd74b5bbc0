import {
  accessibilitySettingsOf,
  isScanLimitReached,
  permissionsOf,
  type ScanUsage,
  type SiteConfig,
  type SiteListItem,
  type SiteRole,
} from '@canopy/contracts'
import type { SiteConfigRow, SiteListRow } from '@canopy/db'
import { scanProgressPercent } from './scan.js'

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
  { scanUsage, role }: { scanUsage: ScanUsage; role: SiteRole },
): SiteConfig {
  const issueTracker = row.integrations.find((integration) => integration.kind === 'issue_tracker')
  const webRisk = row.integrations.find((integration) => integration.kind === 'web_risk')
  return {
    sys: presentSys(row),
    siteName: row.siteName,
    rootUri: row.rootUri,
    productVersion: row.productVersion,
    hasAdminAccess: role === 'admin',
    role,
    permissions: permissionsOf(role),
    isPaying: row.isPaying,
    firstScanCompleted: row.firstScanCompleted,
    organisation: row.organisation,
    webRiskIntegration: { enabled: webRisk?.enabled ?? false },
    jiraIntegration: { enabled: issueTracker?.enabled ?? false, baseUrl: readBaseUrl(issueTracker?.config) },
    reachedScanLimit: isScanLimitReached(scanUsage),
    scanUsage,
    formFactor: row.formFactor,
    maximumPageLimitPerScan: row.maximumPageLimitPerScan,
    scanLimit: row.scanLimit,
    scanSchedule: row.scanSchedule,
    scanDay: row.scanDay,
    scanHour: row.scanHour,
    timeZone: row.timeZone,
    userAgent: row.userAgent,
    respectRobots: row.respectRobots,
    accessibility: accessibilitySettingsOf(row),
  }
}

type SiteListScan = SiteListRow['scans'][number]

/** The newest finished scan and the newest one under way among the site's latest scans (newest first). */
function presentRecentScans(scans: SiteListScan[]): Pick<SiteListItem, 'lastScan' | 'activeScan'> {
  const finished = scans.find((scan) => scan.state === 'completed' || scan.state === 'failed')
  const active = scans.find((scan) => scan.state === 'queued' || scan.state === 'running')
  return {
    lastScan: finished
      ? {
          id: finished.id,
          number: finished.number,
          state: finished.state === 'completed' ? 'completed' : 'failed',
          finishedAt: finished.finishedAt?.toISOString() ?? null,
        }
      : null,
    activeScan: active
      ? {
          id: active.id,
          state: active.state === 'queued' ? 'queued' : 'running',
          progress: scanProgressPercent(active),
        }
      : null,
  }
}

export function presentSiteListItem(row: SiteListRow): SiteListItem {
  const latest = row.historyPoints[0]
  return {
    sys: presentSys(row),
    siteName: row.siteName,
    rootUri: row.rootUri,
    productVersion: row.productVersion,
    hasAdminAccess: row.role === 'admin',
    role: row.role,
    isPaying: row.isPaying,
    firstScanCompleted: row.firstScanCompleted,
    organisation: row.organisation,
    overallScore: latest?.overviewScore ?? null,
    pageCount: row._count.pages,
    scores: {
      accessibility: latest?.accessibilityScore ?? null,
      contentQuality: latest?.contentQualityScore ?? null,
      seo: latest?.seoScore ?? null,
      performance: latest?.performanceScore ?? null,
    },
    ...presentRecentScans(row.scans),
  }
}
