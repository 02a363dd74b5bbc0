import { z } from 'zod'

/**
 * Page-view analytics read from the site's connected web analytics property (GA4 Data API runReport):
 * GET /api/v1/analytics/:slug/views-per-day[/:pageId], /views-per-country[/:pageId] and /popular-pages.
 * A site whose web analytics is not connected or not enabled answers 409 with
 * ANALYTICS_NOT_CONNECTED_MESSAGE; the property's failure answers 502.
 */

/** The date ranges the analytics screens offer, each with the chart's default granularity. */
export const ANALYTICS_INTERVALS = {
  week: { label: '1 week', days: 7, granularity: 'day' },
  month: { label: '1 month', days: 30, granularity: 'day' },
  year: { label: '1 year', days: 365, granularity: 'month' },
} as const
export type AnalyticsInterval = keyof typeof ANALYTICS_INTERVALS
export const ANALYTICS_INTERVAL_KEYS = Object.keys(ANALYTICS_INTERVALS) as [
  AnalyticsInterval,
  ...AnalyticsInterval[],
]
export const DEFAULT_ANALYTICS_INTERVAL: AnalyticsInterval = 'month'

export const ANALYTICS_GRANULARITIES = ['day', 'week', 'month'] as const
export type AnalyticsGranularity = (typeof ANALYTICS_GRANULARITIES)[number]

/** The country chart groups countries below this share (percent) into Other and keeps the top N. */
export const ANALYTICS_COUNTRY_OTHER_BELOW_PERCENT = 1
export const ANALYTICS_COUNTRY_TOP_N = 6
/** Rows per page of the per-page countries table. */
export const ANALYTICS_COUNTRIES_PER_PAGE = 10

export const ANALYTICS_NOT_CONNECTED_MESSAGE =
  'Web analytics is not connected for this site. An administrator can connect it in Settings, Integrations.'
/** 502: the analytics property's service failed; the detail Google gave follows. */
export const ANALYTICS_PROVIDER_FAILED_MESSAGE = 'Web analytics could not be read from Google'
/** 503: the server has no OAuth client for the analytics service. */
export const ANALYTICS_NOT_CONFIGURED_MESSAGE =
  'Web analytics is not available on this server: it has no Google OAuth client. Ask the operator to set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.'
/** The longest period one analytics read covers, in days. */
export const ANALYTICS_MAX_RANGE_DAYS = 731

/**
 * GET /auth/ga4 (a browser navigation in the settings' popup, for a site admin): query slug, success_url,
 * error_url (same-origin; default /oauth/popup-success and /oauth/popup-error) and cookie_callback (accepted
 * for the shape of /auth/:provider; the popup already has its session). It ends on success_url, or on
 * error_url with `message` (GA4_CONNECT_ERROR_PARAM) saying why.
 */
export const GA4_CONNECT_PATH = '/auth/ga4'
export const GA4_CONNECT_DEFAULT_SUCCESS_PATH = '/oauth/popup-success'
export const GA4_CONNECT_DEFAULT_ERROR_PATH = '/oauth/popup-error'
export const GA4_CONNECT_ERROR_PARAM = 'message'
export const GA4_CONNECT_MESSAGES = {
  expired: 'The connection request expired or was already used. Start again from Settings, Integrations.',
  denied: 'Access to Google Analytics was not granted.',
  otherUser: 'The connection was started by another user. Start again from Settings, Integrations.',
  googleFailed: 'Google did not accept the connection',
} as const

export const Ga4ConnectQuerySchema = z.object({
  slug: z.string({ error: 'Give the site (slug).' }).min(1).max(200),
  success_url: z.string().max(2000).optional(),
  error_url: z.string().max(2000).optional(),
  cookie_callback: z.string().max(2000).optional(),
})
export type Ga4ConnectQuery = z.infer<typeof Ga4ConnectQuerySchema>

/** What Google's redirect brings back to the callback. */
export const Ga4CallbackQuerySchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2000).optional(),
})
export type Ga4CallbackQuery = z.infer<typeof Ga4CallbackQuerySchema>

const isRealDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value)
}
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date as YYYY-MM-DD.' })
  .refine(isRealDate, { error: 'Use a date as YYYY-MM-DD.' })

const rangeFields = {
  interval: z
    .enum(ANALYTICS_INTERVAL_KEYS, { error: `Choose an interval: ${ANALYTICS_INTERVAL_KEYS.join(', ')}.` })
    .default(DEFAULT_ANALYTICS_INTERVAL),
  start: isoDate.optional(),
  end: isoDate.optional(),
}

/** Both start and end or neither, start not after end, and at most ANALYTICS_MAX_RANGE_DAYS (on start). */
function checkRange(query: { start?: string; end?: string }, context: z.RefinementCtx) {
  const fail = (message: string) => context.addIssue({ code: 'custom', message, path: ['start'] })
  if ((query.start === undefined) !== (query.end === undefined))
    return fail('Give both start and end, or neither.')
  if (!query.start || !query.end) return
  if (query.start > query.end) return fail('The start must not be after the end.')
  if (Date.parse(query.end) - Date.parse(query.start) >= ANALYTICS_MAX_RANGE_DAYS * 86_400_000) {
    fail(`Choose a period of at most ${ANALYTICS_MAX_RANGE_DAYS} days.`)
  }
}

/**
 * The period read: an interval ending today, or start and end (both, inclusive, YYYY-MM-DD), which win
 * over the interval. Granularity defaults to the interval's. (Plain objects with a check, so the route
 * table's tests can read their fields.)
 */
export const AnalyticsRangeQuerySchema = z.object(rangeFields).superRefine(checkRange)
export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuerySchema>

export const ViewsPerDayQuerySchema = z
  .object({
    ...rangeFields,
    granularity: z
      .enum(ANALYTICS_GRANULARITIES, {
        error: `Choose a granularity: ${ANALYTICS_GRANULARITIES.join(', ')}.`,
      })
      .optional(),
  })
  .superRefine(checkRange)
export type ViewsPerDayQuery = z.infer<typeof ViewsPerDayQuerySchema>

export const AnalyticsPageParamsSchema = z.object({
  slug: z.string().min(1).max(200),
  pageId: z.string().min(1).max(100),
})

/** One bucket of the views chart; label is the bucket's first day, YYYY-MM-DD. */
export const ViewsBucketSchema = z.object({ label: z.string(), count: z.number().int().nonnegative() })
export const ViewsPerDaySchema = z.object({
  total: z.number().int().nonnegative(),
  data: z.array(ViewsBucketSchema),
})
export type ViewsPerDay = z.infer<typeof ViewsPerDaySchema>

/** countryCode: ISO 3166-1 alpha-2, upper case ('ZZ' where the property could not tell). */
export const CountryViewsSchema = z.object({
  countryCode: z.string(),
  countryName: z.string(),
  count: z.number().int().nonnegative(),
})
export const ViewsPerCountrySchema = z.object({ data: z.array(CountryViewsSchema) })
export type ViewsPerCountry = z.infer<typeof ViewsPerCountrySchema>

/**
 * Most visited pages first. pageId: the scanned page with that URL on the site (ours: links the row to its
 * page detail), null when the scan has no such page.
 */
export const PopularPageSchema = z.object({
  url: z.string(),
  hits: z.number().int().nonnegative(),
  pageId: z.string().nullable(),
})
export const PopularPagesSchema = z.array(PopularPageSchema)
export type PopularPage = z.infer<typeof PopularPageSchema>
