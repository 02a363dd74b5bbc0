import {
  ANALYTICS_INTERVALS,
  ANALYTICS_NOT_CONFIGURED_MESSAGE,
  ANALYTICS_NOT_CONNECTED_MESSAGE,
  ANALYTICS_PROVIDER_FAILED_MESSAGE,
  type AnalyticsGranularity,
  type AnalyticsRangeQuery,
  type GoogleAnalyticsConfig,
  type PopularPage,
  type ViewsPerCountry,
  type ViewsPerDay,
  type ViewsPerDayQuery,
} from '@canopy/contracts'
import {
  type AnalyticsReportRow,
  findPageIdsByUrl,
  findPageUrl,
  findSiteRootUri,
  type PrismaClient,
  type SecretBox,
} from '@canopy/db'
import {
  type AnalyticsConnection,
  daysBefore,
  findAnalyticsConnection,
  GoogleApiError,
  type ReportRequest,
  readViewsReport,
} from '@canopy/db/google-analytics'
import { HttpError, notFound } from '../http-errors.js'
import { bucketViews } from './analytics-buckets.js'
import { PAGE_NOT_FOUND_MESSAGE } from './scan-artifacts-service.js'

// Page views of a site (or one of its pages) from its web analytics property, read through the day's kept
// reports: at most one call to Google per site, report and UTC day.

export interface AnalyticsDeps {
  prisma: PrismaClient
  secrets: SecretBox
  googleAnalytics: GoogleAnalyticsConfig | null
  /** today's UTC date, YYYY-MM-DD */
  today: () => string
}

/** The most visited pages listed (the screen shows a few, then more on See more). */
export const POPULAR_PAGES_LIMIT = 100
/** A period given by start and end longer than this is charted by month. */
const DAILY_CHART_MAX_DAYS = 92

interface Period {
  start: string
  end: string
  days: number
}

function periodOf(query: AnalyticsRangeQuery, today: string): Period {
  if (query.start && query.end) {
    const days = (Date.parse(query.end) - Date.parse(query.start)) / 86_400_000 + 1
    return { start: query.start, end: query.end, days }
  }
  const { days } = ANALYTICS_INTERVALS[query.interval]
  return { start: daysBefore(today, days), end: today, days }
}

function granularityOf(query: ViewsPerDayQuery, period: Period): AnalyticsGranularity {
  if (query.granularity) return query.granularity
  if (query.start && query.end) return period.days > DAILY_CHART_MAX_DAYS ? 'month' : 'day'
  return ANALYTICS_INTERVALS[query.interval].granularity
}

async function connectionOf(
  deps: AnalyticsDeps,
  siteId: string,
): Promise<{ config: GoogleAnalyticsConfig; connection: AnalyticsConnection }> {
  const connection = await findAnalyticsConnection(deps.prisma, deps.secrets, siteId)
  if (!connection) throw new HttpError(409, ANALYTICS_NOT_CONNECTED_MESSAGE)
  if (!deps.googleAnalytics) throw new HttpError(503, ANALYTICS_NOT_CONFIGURED_MESSAGE)
  return { config: deps.googleAnalytics, connection }
}

/** The report, Google's failure as 502 with what Google said. */
async function readReport(
  deps: AnalyticsDeps,
  siteId: string,
  request: ReportRequest,
): Promise<AnalyticsReportRow[]> {
  const { config, connection } = await connectionOf(deps, siteId)
  try {
    return await readViewsReport(deps.prisma, config, connection, request, deps.today())
  } catch (error) {
    if (!(error instanceof GoogleApiError)) throw error
    throw new HttpError(502, `${ANALYTICS_PROVIDER_FAILED_MESSAGE}: ${error.message}`, undefined, error)
  }
}

/** The page's path as web analytics reports it (its URL's path, without the query). */
async function pagePathOf(prisma: PrismaClient, siteId: string, pageId: string | null) {
  if (pageId === null) return undefined
  const page = await findPageUrl(prisma, { siteId, pageId })
  if (!page) throw notFound(PAGE_NOT_FOUND_MESSAGE)
  return new URL(page.url).pathname
}

export async function getViewsPerDay(
  deps: AnalyticsDeps,
  { siteId, pageId }: { siteId: string; pageId: string | null },
  query: ViewsPerDayQuery,
): Promise<ViewsPerDay> {
  const pagePath = await pagePathOf(deps.prisma, siteId, pageId)
  const period = periodOf(query, deps.today())
  const rows = await readReport(deps, siteId, { dimensions: ['date'], ...period, pagePath })
  const viewsByDay = new Map<string, number>()
  for (const row of rows) {
    const [date = ''] = row.dimensions
    const day = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`
    viewsByDay.set(day, (viewsByDay.get(day) ?? 0) + row.views)
  }
  const data = bucketViews(viewsByDay, { ...period, granularity: granularityOf(query, period) })
  return { total: data.reduce((sum, bucket) => sum + bucket.count, 0), data }
}

/** GA4's countryId is ISO 3166-1 alpha-2; '(not set)' (the property could not tell) becomes ZZ, Unknown. */
function countryOf(row: AnalyticsReportRow) {
  const [id = '', name = ''] = row.dimensions
  return /^[A-Z]{2}$/.test(id)
    ? { countryCode: id, countryName: name }
    : { countryCode: 'ZZ', countryName: 'Unknown' }
}

export async function getViewsPerCountry(
  deps: AnalyticsDeps,
  { siteId, pageId }: { siteId: string; pageId: string | null },
  query: AnalyticsRangeQuery,
): Promise<ViewsPerCountry> {
  const pagePath = await pagePathOf(deps.prisma, siteId, pageId)
  const period = periodOf(query, deps.today())
  const rows = await readReport(deps, siteId, { dimensions: ['countryId', 'country'], ...period, pagePath })
  const byCode = new Map<string, ViewsPerCountry['data'][number]>()
  for (const row of rows) {
    const country = countryOf(row)
    const entry = byCode.get(country.countryCode) ?? { ...country, count: 0 }
    entry.count += row.views
    byCode.set(country.countryCode, entry)
  }
  return { data: [...byCode.values()].sort((a, b) => b.count - a.count) }
}

/** The most visited pages, each matched by URL to the scanned page of the site with that URL. */
export async function getPopularPages(
  deps: AnalyticsDeps,
  siteId: string,
  query: AnalyticsRangeQuery,
): Promise<PopularPage[]> {
  const period = periodOf(query, deps.today())
  const rows = await readReport(deps, siteId, {
    dimensions: ['pagePath'],
    ...period,
    top: POPULAR_PAGES_LIMIT,
  })
  const root = await findSiteRootUri(deps.prisma, siteId)
  const pages = rows.map((row) => ({ url: new URL(row.dimensions[0] ?? '/', root).href, hits: row.views }))
  const pageIds = await findPageIdsByUrl(deps.prisma, { siteId, urls: pages.map((page) => page.url) })
  return pages.map((page) => ({ ...page, pageId: pageIds.get(page.url) ?? null }))
}
