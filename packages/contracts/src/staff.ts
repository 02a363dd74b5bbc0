import { z } from 'zod'

/** Staff tools: masquerade, the status of the services Canopy depends on. */

export const MASQUERADE_MESSAGES = {
  required: 'Masquerade ID is required.',
  staffOnly: 'Only staff can do that.',
  notFound: 'No user has that ID or e-mail address.',
  targetIsStaff: 'You cannot masquerade as another member of staff.',
  self: 'You cannot masquerade as yourself.',
  notMasquerading: 'You are not masquerading.',
  refused: 'This cannot be done while masquerading. Stop masquerading first.',
} as const

/** The user to act as: their id or their e-mail address. */
export const MasqueradeRequestSchema = z.object({
  masqueradeId: z
    .string({ error: MASQUERADE_MESSAGES.required })
    .trim()
    .min(1, MASQUERADE_MESSAGES.required)
    .max(320),
})
export type MasqueradeRequest = z.infer<typeof MasqueradeRequestSchema>

export const StaffUserSearchQuerySchema = z.object({
  search: z.string().trim().max(200, 'search: at most 200 characters').default(''),
})

export const StaffUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isStaff: z.boolean(),
})
export type StaffUser = z.infer<typeof StaffUserSchema>
export const StaffUserListSchema = z.object({ items: z.array(StaffUserSchema) })

// ─── Service status (GET /api/v1/status/backend-cms) ────────────────────────

export const SERVICE_STATES = ['ok', 'degraded', 'down'] as const
export type ServiceState = (typeof SERVICE_STATES)[number]

export const ServiceComponentSchema = z.object({
  /** database, redis, queue:<name>, workers, chromium */
  id: z.string(),
  name: z.string(),
  status: z.enum(SERVICE_STATES),
  /** what was measured or went wrong; null for callers who are not staff */
  message: z.string().nullable(),
  /** figures (latency, memory, job counts); empty for callers who are not staff */
  details: z.record(z.string(), z.union([z.number(), z.string()])),
})
export type ServiceComponent = z.infer<typeof ServiceComponentSchema>

export const BackendStatusSchema = z.object({
  lastChecked: z.string(),
  overallStatus: z.enum(SERVICE_STATES),
  components: z.array(ServiceComponentSchema),
})
export type BackendStatus = z.infer<typeof BackendStatusSchema>

/** What a worker process writes to Redis every WORKER_HEARTBEAT_INTERVAL_MS; gone after the TTL. */
export const WorkerHeartbeatSchema = z.object({
  host: z.string(),
  pid: z.number(),
  queues: z.array(z.string()),
  chromiumVersion: z.string().nullable(),
  at: z.string(),
})
export type WorkerHeartbeat = z.infer<typeof WorkerHeartbeatSchema>

export const WORKER_HEARTBEAT_INTERVAL_MS = 15_000
export const WORKER_HEARTBEAT_TTL_SECONDS = 45

/** The Redis key of one worker process's heartbeat, under the queue prefix. */
export function workerHeartbeatKey(prefix: string, host: string, pid: number): string {
  return `${prefix}:heartbeat:worker:${host}:${pid}`
}
export function workerHeartbeatPattern(prefix: string): string {
  return `${prefix}:heartbeat:worker:*`
}

// ─── Environment (GET /api/v1/env, never in production) ─────────────────────

export const EnvInfoSchema = z.object({
  environment: z.string(),
  version: z.string(),
  commit: z.string().nullable(),
  apiBaseUrl: z.string(),
  nodeVersion: z.string(),
  queuePrefix: z.string(),
  featureFlags: z.array(z.object({ name: z.string(), description: z.string(), active: z.boolean() })),
})
export type EnvInfo = z.infer<typeof EnvInfoSchema>

// ─── Dashboard alerts administered by staff (/api/v1/staff/alerts) ──────────

export const ALERT_FIELD_MESSAGES = {
  title: 'Enter a title.',
  description: 'Enter a description.',
  linkUrl: 'Enter a web address (https://…) or a path starting with /.',
  linkPair: 'Give the link both a text and an address, or neither.',
  siteSlug: 'No site has that slug.',
  expiresAt: 'The expiry must be after the publication.',
  date: 'Enter a date and time.',
} as const

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => value || null)

const dateTime = z.iso.datetime({ offset: true, error: ALERT_FIELD_MESSAGES.date })

/** A new or changed alert; a null site is shown on every site. */
export const AlertInputSchema = z
  .object({
    siteSlug: z
      .string()
      .trim()
      .max(200)
      .nullable()
      .optional()
      .transform((value) => value || null),
    title: z.string({ error: ALERT_FIELD_MESSAGES.title }).trim().min(1, ALERT_FIELD_MESSAGES.title).max(200),
    description: z
      .string({ error: ALERT_FIELD_MESSAGES.description })
      .trim()
      .min(1, ALERT_FIELD_MESSAGES.description)
      .max(2000),
    linkText: optionalText(100),
    linkUrl: optionalText(2000).refine(
      (value) => value === null || /^(https?:\/\/|\/)/.test(value),
      ALERT_FIELD_MESSAGES.linkUrl,
    ),
    buttonText: optionalText(60),
    illustration: optionalText(100),
    /** when it starts to show; now when left out */
    publishedAt: dateTime.optional(),
    /** when it stops showing; never when null */
    expiresAt: dateTime.nullable().optional(),
  })
  .superRefine((alert, context) => {
    if ((alert.linkText === null) !== (alert.linkUrl === null)) {
      context.addIssue({ code: 'custom', path: ['linkUrl'], message: ALERT_FIELD_MESSAGES.linkPair })
    }
    const published = alert.publishedAt ? Date.parse(alert.publishedAt) : Date.now()
    if (alert.expiresAt && Date.parse(alert.expiresAt) <= published) {
      context.addIssue({ code: 'custom', path: ['expiresAt'], message: ALERT_FIELD_MESSAGES.expiresAt })
    }
  })
export type AlertInput = z.infer<typeof AlertInputSchema>

export const StaffAlertSchema = z.object({
  id: z.string(),
  site: z.object({ slug: z.string(), siteName: z.string() }).nullable(),
  title: z.string(),
  description: z.string(),
  linkText: z.string().nullable(),
  linkUrl: z.string().nullable(),
  buttonText: z.string().nullable(),
  illustration: z.string().nullable(),
  publishedAt: z.string(),
  expiresAt: z.string().nullable(),
})
export type StaffAlert = z.infer<typeof StaffAlertSchema>
export const StaffAlertListSchema = z.object({ items: z.array(StaffAlertSchema) })
export const AlertParamsSchema = z.object({ alertId: z.string().min(1).max(100) })
