import { QUEUE_NAMES, type QueueName } from '@canopy/contracts'
import { z } from 'zod'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
const ALL_QUEUES = Object.values(QUEUE_NAMES)

const optionalNonEmpty = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined))

/** The worker's environment variables (the root README lists them); unset or empty means the default. */
const EnvSchema = z.object({
  DATABASE_URL: z.string().default('postgresql://postgres@127.0.0.1:5432/canopy'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  CANOPY_QUEUE_PREFIX: z.string().min(1).default('canopy'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WORKER_CONCURRENCY: z.coerce.number().int().positive().default(2),
  WORKER_QUEUES: optionalNonEmpty,
})

export interface WorkerConfig {
  databaseUrl: string
  redisUrl: string
  queuePrefix: string
  logLevel: (typeof LOG_LEVELS)[number]
  /** jobs one process runs at once, per queue */
  concurrency: number
  /** the queues this process consumes; scaling out can dedicate processes to some queues */
  queues: QueueName[]
}

function parseQueues(raw: string | undefined): QueueName[] {
  if (!raw) return [...ALL_QUEUES]
  const names = raw.split(',').map((name) => name.trim())
  const unknown = names.filter((name) => !ALL_QUEUES.includes(name as QueueName))
  if (unknown.length > 0) {
    throw new Error(
      `WORKER_QUEUES names unknown queues: ${unknown.join(', ')} (known: ${ALL_QUEUES.join(', ')})`,
    )
  }
  return names as QueueName[]
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
  }
}
