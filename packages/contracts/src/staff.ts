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
