import { availableParallelism } from 'node:os'
import {
  type GoogleAnalyticsConfig,
  GoogleAnalyticsEnvSchema,
  googleAnalyticsConfig,
  type LogLevel,
  optionalNonEmptyEnv as optionalNonEmpty,
  QUEUE_NAMES,
  type QueueName,
  SCAN_QUEUE_NAMES,
  type ScanQueueName,
  SharedServiceEnvSchema,
} from '@canopy/contracts'
import { checkedSecretsKey } from '@canopy/db'
import { z } from 'zod'

const ALL_QUEUES: (QueueName | ScanQueueName)[] = [
  ...Object.values(QUEUE_NAMES),
  ...Object.values(SCAN_QUEUE_NAMES),
]

/** The worker's environment variables (the root README lists them); unset or empty means the default. */
const EnvSchema = SharedServiceEnvSchema.extend(GoogleAnalyticsEnvSchema.shape).extend({
  WORKER_CONCURRENCY: z.coerce.number().int().positive().default(2),
  WORKER_QUEUES: optionalNonEmpty,
  SCAN_PAGE_CONCURRENCY: z.coerce.number().int().positive().default(2),
  LIGHTHOUSE_CONCURRENCY: z.coerce.number().int().positive().optional(),
  /** '0'/'false'/'off' turns Lighthouse off for every scan (tests, low-power hosts) */
  SCAN_LIGHTHOUSE: z.string().optional(),
  SCAN_USER_AGENT: z.string().min(1).default('CanopyBot/1.0 (+https://github.com/canopy)'),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  CANOPY_SCAN_ALLOW_HOSTS: z.string().default(''),
  ARTIFACTS_DIR: optionalNonEmpty,
  /** a page's navigation timeout */
  SCAN_PAGE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** a page's whole load and audit: given up at this, however its steps went, so its lane frees */
  SCAN_PAGE_DEADLINE_MS: z.coerce.number().int().positive().default(180_000),
  /** each link check attempt (HEAD, then GET) */
  LINK_CHECK_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** how often the sweeper looks for scans without a live job; 0 turns it off */
  SCAN_SWEEP_INTERVAL_MS: z.coerce.number().int().nonnegative().default(60_000),
  /** how often PostgreSQL and Redis are checked, to pause taking jobs while one is unreachable */
  SERVICE_CHECK_INTERVAL_MS: z.coerce.number().int().positive().default(2_000),
  /** how long a job's lock lasts without renewal: a killed worker's jobs run again after about 1.5 times this */
  JOB_LOCK_DURATION_MS: z.coerce.number().int().positive().default(20_000),
  /** how often each site's root is checked for uptime: under a minute, or whole minutes up to an hour */
  UPTIME_CHECK_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(3_600)
    .refine((seconds) => seconds < 60 || seconds % 60 === 0, 'under a minute, or whole minutes')
    .default(300),
  /** an uptime check without an answer within this is down */
  UPTIME_CHECK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** uptime checks one process runs at once: they wait on the network, not the CPU */
  UPTIME_CHECK_CONCURRENCY: z.coerce.number().int().positive().default(10),
  /** the Web Risk API's origin; a site's integration may name its own (both go through the network guard) */
  WEB_RISK_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://webrisk.googleapis.com'),
})

export interface WorkerConfig {
  databaseUrl: string
  redisUrl: string
  queuePrefix: string
  logLevel: LogLevel
  /** jobs one process runs at once, per queue */
  concurrency: number
  /** the queues this process consumes; scaling out can dedicate processes to some queues */
  queues: (QueueName | ScanQueueName)[]
  scanPageConcurrency: number
  /** Lighthouse runs at once while this process audits pages */
  lighthouseConcurrency: number
  /** Lighthouse runs at once while its page lanes are idle (a scan's pages done, its Lighthouse runs left) */
  lighthouseIdleConcurrency: number
  lighthouseEnabled: boolean
  userAgent: string
  chromiumPath: string
  allowHosts: string[]
  artifactsDir: string | undefined
  pageTimeoutMs: number
  pageDeadlineMs: number
  linkCheckTimeoutMs: number
  sweepIntervalMs: number
  serviceCheckIntervalMs: number
  lockDurationMs: number
  uptimeCheckIntervalSeconds: number
  uptimeCheckTimeoutMs: number
  uptimeCheckConcurrency: number
  webRiskBaseUrl: string
  /** CANOPY_SECRETS_KEY (checked at start): opens the secrets the API sealed; null when unset */
  secretsKey: string | null
  /** Google's OAuth client and GA4 endpoints (the daily page views); null when no client is configured */
  googleAnalytics: GoogleAnalyticsConfig | null
}

function parseQueues(raw: string | undefined): (QueueName | ScanQueueName)[] {
  if (!raw) return [...ALL_QUEUES]
  const names = raw.split(',').map((name) => name.trim())
  const unknown = names.filter((name) => !ALL_QUEUES.includes(name as QueueName | ScanQueueName))
  if (unknown.length > 0) {
    throw new Error(
      `WORKER_QUEUES names unknown queues: ${unknown.join(', ')} (known: ${ALL_QUEUES.join(', ')})`,
    )
  }
  return names as (QueueName | ScanQueueName)[]
}

/** Reads the configuration once at start; a wrong value stops the process with the variable named. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment: ${problems.join('; ')}`)
  }
  const vars = parsed.data
  return {
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    queuePrefix: vars.CANOPY_QUEUE_PREFIX,
    logLevel: vars.LOG_LEVEL,
    concurrency: vars.WORKER_CONCURRENCY,
    queues: parseQueues(vars.WORKER_QUEUES),
    scanPageConcurrency: vars.SCAN_PAGE_CONCURRENCY,
    lighthouseConcurrency: vars.LIGHTHOUSE_CONCURRENCY ?? Math.max(1, Math.floor(availableParallelism() / 2)),
    lighthouseIdleConcurrency: vars.LIGHTHOUSE_CONCURRENCY ?? availableParallelism(),
    lighthouseEnabled: !/^(0|false|off|no)$/i.test(vars.SCAN_LIGHTHOUSE?.trim() ?? ''),
    userAgent: vars.SCAN_USER_AGENT,
    // Debian's /usr/bin/chromium is a wrapper script; playwright-core wants the binary behind it.
    chromiumPath:
      vars.CHROMIUM_PATH === '/usr/bin/chromium' ? '/usr/lib/chromium/chromium' : vars.CHROMIUM_PATH,
    allowHosts: vars.CANOPY_SCAN_ALLOW_HOSTS.split(',')
      .map((host) => host.trim())
      .filter(Boolean),
    artifactsDir: vars.ARTIFACTS_DIR,
    pageTimeoutMs: vars.SCAN_PAGE_TIMEOUT_MS,
    pageDeadlineMs: vars.SCAN_PAGE_DEADLINE_MS,
    linkCheckTimeoutMs: vars.LINK_CHECK_TIMEOUT_MS,
    sweepIntervalMs: vars.SCAN_SWEEP_INTERVAL_MS,
    serviceCheckIntervalMs: vars.SERVICE_CHECK_INTERVAL_MS,
    lockDurationMs: vars.JOB_LOCK_DURATION_MS,
    uptimeCheckIntervalSeconds: vars.UPTIME_CHECK_INTERVAL_SECONDS,
    uptimeCheckTimeoutMs: vars.UPTIME_CHECK_TIMEOUT_MS,
    uptimeCheckConcurrency: vars.UPTIME_CHECK_CONCURRENCY,
    webRiskBaseUrl: vars.WEB_RISK_BASE_URL,
    secretsKey: checkedSecretsKey(vars.CANOPY_SECRETS_KEY),
    googleAnalytics: googleAnalyticsConfig(vars),
  }
}
