import { z } from 'zod'
import { SysSchema } from './paging.js'
import { SitePermissionSchema, SiteRoleSchema } from './roles.js'
import { SectionWriteSchema } from './sections.js'
import { AccessibilitySettingsSchema, EngineIdSchema, WcagTargetSchema } from './wcag.js'

export const FormFactorSchema = z.enum(['mobile', 'desktop'])

/** The share of the scan limit at which the site is warned it is nearing it, and has reached it. */
export const SCAN_USAGE_WARNING_PERCENT = { nearing: 80, reached: 100 } as const

/** A site's scan credits: pages scanned this calendar month (UTC) against its scan limit. */
export const ScanUsageSchema = z.object({
  pagesScannedThisMonth: z.number().int(),
  scanLimit: z.number().int(),
  /** pages scanned as a share of the limit, rounded down; null when the limit is 0 (no share of nothing) */
  percent: z.number().int().nullable(),
})
export type ScanUsage = z.infer<typeof ScanUsageSchema>

/** Scan credits are counted per calendar month in UTC: the month's first instant. */
export function scanLimitPeriodStart(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
}

export function toScanUsage(pagesScannedThisMonth: number, scanLimit: number): ScanUsage {
  const percent = scanLimit > 0 ? Math.floor((pagesScannedThisMonth * 100) / scanLimit) : null
  return { pagesScannedThisMonth, scanLimit, percent }
}

/** A limit of 0 sets no monthly cap (the settings accept 1 or more); otherwise reached at the limit. */
export function isScanLimitReached(usage: ScanUsage): boolean {
  return usage.scanLimit > 0 && usage.pagesScannedThisMonth >= usage.scanLimit
}

/** Which warning the usage calls for: reached at 100 % or more, nearing at 80 % or more, else none. */
export function scanUsageWarning(usage: ScanUsage): 'reached' | 'nearing' | null {
  if (usage.percent === null) return null
  if (usage.percent >= SCAN_USAGE_WARNING_PERCENT.reached) return 'reached'
  if (usage.percent >= SCAN_USAGE_WARNING_PERCENT.nearing) return 'nearing'
  return null
}

/**
 * The site's accessibility settings as the config answers them: the WCAG target its results are judged
 * against and the engines its scans run (AccessibilitySettingsSchema's output, without its checks).
 */
export const SiteAccessibilitySchema = z.object({
  wcagTarget: WcagTargetSchema,
  engines: z.array(EngineIdSchema),
})
export type SiteAccessibility = z.infer<typeof SiteAccessibilitySchema>

export const SiteConfigSchema = z.object({
  sys: SysSchema,
  siteName: z.string(),
  rootUri: z.string(),
  productVersion: z.string(),
  hasAdminAccess: z.boolean(),
  /** the signed-in user's role on the site, and what it lets them do (the API enforces the same) */
  role: SiteRoleSchema,
  permissions: z.array(SitePermissionSchema),
  isPaying: z.boolean(),
  firstScanCompleted: z.boolean(),
  organisation: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  webRiskIntegration: z.object({ enabled: z.boolean() }),
  jiraIntegration: z.object({ enabled: z.boolean(), baseUrl: z.string() }),
  reachedScanLimit: z.boolean(),
  /** pages scanned this month against scanLimit, for the usage warning */
  scanUsage: ScanUsageSchema,
  formFactor: FormFactorSchema,
  maximumPageLimitPerScan: z.number().int(),
  /** pages the site may scan per calendar month (the credit limit) */
  scanLimit: z.number().int(),
  /** the scheduled full scan as a cron pattern, read in timeZone */
  scanSchedule: z.string(),
  /** day (0 Sunday - 6 Saturday) and hour (0-23) of the weekly scan; null when the schedule is a custom pattern */
  scanDay: z.number().int().nullable(),
  scanHour: z.number().int().nullable(),
  timeZone: z.string(),
  /** the scanner's user agent for this site; null means the scanner's default */
  userAgent: z.string().nullable(),
  respectRobots: z.boolean(),
  /** the WCAG target and the accessibility engines (changed with PUT /sites/:slug `accessibility`) */
  accessibility: SiteAccessibilitySchema,
})
export type SiteConfig = z.infer<typeof SiteConfigSchema>

export const SiteListItemSchema = SiteConfigSchema.pick({
  sys: true,
  siteName: true,
  rootUri: true,
  productVersion: true,
  hasAdminAccess: true,
  role: true,
  isPaying: true,
  firstScanCompleted: true,
  organisation: true,
}).extend({
  overallScore: z.number().nullable(),
  pageCount: z.number().int(),
  /** the site's scores after its last completed full scan, 0-100; null when not measured or never scanned */
  scores: z.object({
    accessibility: z.number().nullable(),
    contentQuality: z.number().nullable(),
    seo: z.number().nullable(),
    performance: z.number().nullable(),
  }),
  /** the last scan of the site that finished (completed or failed); null before any */
  lastScan: z
    .object({
      id: z.string(),
      number: z.number().int().nullable(),
      state: z.enum(['completed', 'failed']),
      /** ISO 8601 */
      finishedAt: z.string().nullable(),
    })
    .nullable(),
  /** a scan of the site queued or running now */
  activeScan: z
    .object({ id: z.string(), state: z.enum(['queued', 'running']), progress: z.number() })
    .nullable(),
})
export type SiteListItem = z.infer<typeof SiteListItemSchema>

export const SITE_LIST_SORT_KEYS = ['siteName', 'rootUri', 'created'] as const

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'Enter a full web address starting with http:// or https://' })
  .max(2000)

/** An IANA time zone name the server knows (Europe/London, UTC). */
export function isKnownTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export const INVALID_TIME_ZONE_MESSAGE = 'Choose a time zone from the list.'
export const SCAN_DAY_MESSAGE = 'Choose a day of the week.'
export const SCAN_HOUR_MESSAGE = 'Choose an hour from 0 to 23.'
export const PAGE_LIMIT_MESSAGE = 'Enter a page limit from 1 to 100000.'
export const SCAN_LIMIT_MESSAGE = 'Enter a scan limit from 1 to 1000000.'
export const USER_AGENT_MESSAGE = 'A user agent is at most 300 printable characters.'

const TimeZoneSchema = z
  .string()
  .trim()
  .min(1, INVALID_TIME_ZONE_MESSAGE)
  .max(100, INVALID_TIME_ZONE_MESSAGE)
  .refine(isKnownTimeZone, INVALID_TIME_ZONE_MESSAGE)
const ScanDaySchema = z
  .number({ error: SCAN_DAY_MESSAGE })
  .int(SCAN_DAY_MESSAGE)
  .min(0, SCAN_DAY_MESSAGE)
  .max(6, SCAN_DAY_MESSAGE)
const ScanHourSchema = z
  .number({ error: SCAN_HOUR_MESSAGE })
  .int(SCAN_HOUR_MESSAGE)
  .min(0, SCAN_HOUR_MESSAGE)
  .max(23, SCAN_HOUR_MESSAGE)
const PageLimitSchema = z
  .number({ error: PAGE_LIMIT_MESSAGE })
  .int(PAGE_LIMIT_MESSAGE)
  .min(1, PAGE_LIMIT_MESSAGE)
  .max(100_000, PAGE_LIMIT_MESSAGE)
/** Printable ASCII only: a header value with a line break or control character would be refused or split. */
const UserAgentSchema = z
  .string()
  .trim()
  .max(300, USER_AGENT_MESSAGE)
  .regex(/^[\x20-\x7e]*$/, USER_AGENT_MESSAGE)

export const CreateSiteRequestSchema = z.object({
  siteName: z.string().trim().min(1, 'A site name is required.').max(200),
  rootUri: httpUrl,
  maximumPageLimitPerScan: PageLimitSchema.optional(),
  formFactor: FormFactorSchema.optional(),
  organisationId: z.string().min(1).optional(),
  scanDay: ScanDaySchema.optional(),
  scanHour: ScanHourSchema.optional(),
  timeZone: TimeZoneSchema.optional(),
  /** the site's first section (a name and one rule), made with the site */
  firstSection: SectionWriteSchema.optional(),
})
export type CreateSiteRequest = z.infer<typeof CreateSiteRequestSchema>

/** PUT /api/v1/sites/:slug: every field optional, at least one given. */
export const UpdateSiteRequestSchema = z
  .object({
    siteName: z.string().trim().min(1, 'A site name is required.').max(200),
    rootUri: httpUrl,
    formFactor: FormFactorSchema,
    maximumPageLimitPerScan: PageLimitSchema,
    scanSchedule: z.string().trim().min(9).max(100),
    scanDay: ScanDaySchema,
    scanHour: ScanHourSchema,
    timeZone: TimeZoneSchema,
    /** empty or null: the scanner's default */
    userAgent: UserAgentSchema.nullable(),
    respectRobots: z.boolean(),
    /** the WCAG target and engines, both given (axe always runs) */
    accessibility: AccessibilitySettingsSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change.')
export type UpdateSiteRequest = z.infer<typeof UpdateSiteRequestSchema>

export const UpdateScanLimitRequestSchema = z.object({
  scanLimit: z
    .number({ error: SCAN_LIMIT_MESSAGE })
    .int(SCAN_LIMIT_MESSAGE)
    .min(1, SCAN_LIMIT_MESSAGE)
    .max(1_000_000, SCAN_LIMIT_MESSAGE),
})
export const ScanLimitResponseSchema = z.object({
  scanLimit: z.number().int(),
  maximumPageLimitPerScan: z.number().int(),
})

export const SITEMAP_URLS_MAX = 20
export const SITEMAP_URL_MESSAGE =
  'Enter each sitemap as a full web address starting with http:// or https://'
export const SITEMAP_SCOPE_MESSAGE = "A sitemap must be on the site's own address."
export const SitemapSettingsSchema = z.object({
  sitemapUrls: z
    .array(z.url({ protocol: /^https?$/, error: SITEMAP_URL_MESSAGE }).max(2000, SITEMAP_URL_MESSAGE))
    .max(SITEMAP_URLS_MAX, `Submit at most ${SITEMAP_URLS_MAX} sitemaps.`),
})
export type SitemapSettings = z.infer<typeof SitemapSettingsSchema>

/** POST /api/v1/sites/check-url: is the root reachable, and may the scanner read it. */
export const CheckUrlRequestSchema = z.object({ url: httpUrl })
export const CheckUrlResponseSchema = z.object({
  reachable: z.boolean(),
  statusCode: z.number().int().nullable(),
  finalUrl: z.string().nullable(),
  robotsAllowed: z.boolean().nullable(),
  message: z.string(),
})
export type CheckUrlResponse = z.infer<typeof CheckUrlResponseSchema>
