import { z } from 'zod'

/**
 * Uptime: the worker checks each site's root every few minutes (UPTIME_CHECK_INTERVAL_SECONDS) and stores
 * one check per site and slot; consecutive down checks form an incident. GET
 * /api/v1/sites/:slug/performance/uptime?period= answers what the performance/uptime screen shows.
 */

/** The periods the uptime screen offers, each with the width of its chart's buckets. */
export const UPTIME_PERIODS = {
  '24h': { label: 'Last 24 hours', hours: 24, bucketMinutes: 60 },
  '7d': { label: 'Last 7 days', hours: 7 * 24, bucketMinutes: 6 * 60 },
  '30d': { label: 'Last 30 days', hours: 30 * 24, bucketMinutes: 24 * 60 },
} as const
export type UptimePeriod = keyof typeof UPTIME_PERIODS
export const UPTIME_PERIOD_KEYS = Object.keys(UPTIME_PERIODS) as [UptimePeriod, ...UptimePeriod[]]
export const DEFAULT_UPTIME_PERIOD: UptimePeriod = '24h'

/**
 * Checks are deleted once older than this (the longest period plus a margin); incidents are kept, so the
 * record of when a site was down outlives the checks it was read from.
 */
export const UPTIME_CHECK_RETENTION_DAYS = 35

export const UptimeQuerySchema = z.object({
  period: z
    .enum(UPTIME_PERIOD_KEYS, { error: `Choose a period: ${UPTIME_PERIOD_KEYS.join(', ')}.` })
    .default(DEFAULT_UPTIME_PERIOD),
})
export type UptimeQuery = z.infer<typeof UptimeQuerySchema>

/** The latest check of the site; null before its first check. */
export const UptimeLatestCheckSchema = z.object({
  /** ISO 8601 */
  checkedAt: z.string(),
  up: z.boolean(),
  statusCode: z.number().int().nullable(),
  responseTimeMs: z.number().int().nullable(),
  error: z.string().nullable(),
})
export type UptimeLatestCheck = z.infer<typeof UptimeLatestCheckSchema>

/** Consecutive down checks, from the first down check to the first up check after them. */
export const UptimeIncidentSchema = z.object({
  id: z.string(),
  /** ISO 8601 */
  startedAt: z.string(),
  /** ISO 8601; null while the site is still down */
  endedAt: z.string().nullable(),
  /** until endedAt, or until the answer was made while it is ongoing */
  durationSeconds: z.number().int().nonnegative(),
  /** the first down check's error, e.g. 'HTTP 503' or 'No answer within 10 s' */
  cause: z.string(),
})
export type UptimeIncident = z.infer<typeof UptimeIncidentSchema>

/** One bucket of the period: the checks made in it. Buckets without checks are listed with zero checks. */
export const UptimeBucketSchema = z.object({
  /** the bucket's start, ISO 8601 */
  start: z.string(),
  checks: z.number().int().nonnegative(),
  downChecks: z.number().int().nonnegative(),
  /** up checks as a percentage of the checks, 2 decimals; null without checks */
  availabilityPercent: z.number().min(0).max(100).nullable(),
  /** mean response time of the checks that got an answer; null when none did */
  averageResponseTimeMs: z.number().int().nullable(),
  /** the slowest answer in the bucket; null when none */
  maxResponseTimeMs: z.number().int().nullable(),
})
export type UptimeBucket = z.infer<typeof UptimeBucketSchema>

export const UptimeResponseSchema = z.object({
  period: z.enum(UPTIME_PERIOD_KEYS),
  /** ISO 8601: the period is [from, to) */
  from: z.string(),
  to: z.string(),
  bucketMinutes: z.number().int().positive(),
  /** up checks as a percentage of the period's checks, 2 decimals; null without checks */
  availabilityPercent: z.number().min(0).max(100).nullable(),
  checks: z.number().int().nonnegative(),
  downChecks: z.number().int().nonnegative(),
  latestCheck: UptimeLatestCheckSchema.nullable(),
  /** incidents overlapping the period, latest first */
  incidents: z.array(UptimeIncidentSchema),
  /** the period's buckets, oldest first: the chart's points and the table's rows */
  buckets: z.array(UptimeBucketSchema),
})
export type UptimeResponse = z.infer<typeof UptimeResponseSchema>

/** Availability as the screens show it: up checks over checks, as a percentage to 2 decimals. */
export function availabilityPercent(checks: number, downChecks: number): number | null {
  if (checks === 0) return null
  return Math.round(((checks - downChecks) / checks) * 10_000) / 100
}
