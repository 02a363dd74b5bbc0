import {
  Ga4IntegrationConfigSchema,
  type GoogleAnalyticsConfig,
  IntegrationSecretsSchema,
} from '@canopy/contracts'
import {
  type AnalyticsReportRow,
  findAnalyticsReport,
  replacePageViews,
  saveAnalyticsReport,
} from '../repositories/analytics-reports.js'
import type { DbClient } from '../repositories/db-client.js'
import { findIntegration } from '../repositories/integrations.js'
import type { SecretBox } from '../secrets.js'
import { openStoredSecret } from '../stored-secrets.js'
import { type ReportRequest, refreshAccessToken, runViewsReport } from './client.js'

/** What reading a site's reports needs: on, with a property chosen and an account connected. */
export interface AnalyticsConnection {
  siteId: string
  propertyId: string
  refreshToken: string
}

/** The site's connection when its web analytics is on, has a property and a connected account; else null. */
export async function findAnalyticsConnection(
  db: DbClient,
  box: SecretBox,
  siteId: string,
): Promise<AnalyticsConnection | null> {
  const integration = await findIntegration(db, siteId, 'analytics')
  if (!integration?.enabled) return null
  const { propertyID } = Ga4IntegrationConfigSchema.parse(integration.config ?? {})
  const sealed = IntegrationSecretsSchema.safeParse(integration.secrets).data?.refreshToken
  if (!propertyID || !sealed) return null
  const refreshToken = openStoredSecret(box, sealed)
  return refreshToken ? { siteId, propertyId: propertyID, refreshToken } : null
}

/** The UTC day, YYYY-MM-DD. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10)

const reportKey = (propertyId: string, request: ReportRequest) =>
  [
    propertyId,
    request.dimensions.join(','),
    request.start,
    request.end,
    request.pagePath ?? '*',
    request.top ?? '',
  ].join('|')

/**
 * A views report of the site's property, read from Google at most once per UTC day: the answer is kept for
 * the day (per site and report), and a read the next day asks Google again.
 */
export async function readViewsReport(
  db: DbClient,
  config: GoogleAnalyticsConfig,
  connection: AnalyticsConnection,
  request: ReportRequest,
  today: string,
): Promise<AnalyticsReportRow[]> {
  const key = reportKey(connection.propertyId, request)
  const kept = await findAnalyticsReport(db, { siteId: connection.siteId, key, day: today })
  if (kept) return kept
  const accessToken = await refreshAccessToken(config, connection.refreshToken)
  const rows = await runViewsReport(config, { accessToken, propertyId: connection.propertyId }, request)
  await saveAnalyticsReport(db, { siteId: connection.siteId, key, day: today, rows })
  return rows
}

const PAGE_VIEWS_DAYS = 30

/** The first day of the `days` days ending on `day` (inclusive), YYYY-MM-DD. */
export function daysBefore(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - (days - 1) * 86_400_000))
}

/**
 * Each scanned page's views of the last 30 days from the site's property, stored on the page (the issue
 * lists sort by them); the report is the day's kept one when there is one. Answers the pages changed.
 */
export async function refreshPageViews(
  db: DbClient,
  config: GoogleAnalyticsConfig,
  connection: AnalyticsConnection,
  today: string,
): Promise<number> {
  const request = { dimensions: ['pagePath'], start: daysBefore(today, PAGE_VIEWS_DAYS), end: today }
  const rows = await readViewsReport(db, config, connection, request, today)
  const viewsByPath = new Map<string, number>()
  for (const row of rows) {
    const path = row.dimensions[0]
    if (path) viewsByPath.set(path, (viewsByPath.get(path) ?? 0) + row.views)
  }
  return replacePageViews(db, { siteId: connection.siteId, viewsByPath })
}
