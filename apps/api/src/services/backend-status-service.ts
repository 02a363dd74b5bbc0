import {
  type AnyQueueName,
  type BackendStatus,
  QUEUE_NAMES,
  SCAN_QUEUE_NAMES,
  type ServiceComponent,
  type ServiceState,
  type WorkerHeartbeat,
  WorkerHeartbeatSchema,
  workerHeartbeatPattern,
} from '@canopy/contracts'
import { type PrismaClient, pingDatabase } from '@canopy/db'
import type { Redis } from 'ioredis'
import type { QueueRegistry } from '../plugins/app/queues.js'

const CHECK_TIMEOUT_MS = 3_000
/** Slower answers than these are "degraded": the service works but something is wrong with it. */
const SLOW_DATABASE_MS = 500
const SLOW_REDIS_MS = 200

export interface StatusDeps {
  prisma: PrismaClient
  redis: Redis
  queues: QueueRegistry
  queuePrefix: string
}

type Check = Omit<ServiceComponent, 'id' | 'name'>

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** A check that throws is "down" with its reason, never an error of the whole answer. */
async function settle(work: () => Promise<Check>): Promise<Check> {
  try {
    return await withTimeout(work())
  } catch (error) {
    return { status: 'down', message: error instanceof Error ? error.message : String(error), details: {} }
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return Math.round(performance.now() - started)
}

async function checkDatabase(prisma: PrismaClient): Promise<Check> {
  const latencyMs = await timed(() => pingDatabase(prisma))
  const status = latencyMs > SLOW_DATABASE_MS ? 'degraded' : 'ok'
  return { status, message: `Answered in ${latencyMs} ms`, details: { latencyMs } }
}

function infoField(info: string, field: string): string | undefined {
  return info.match(new RegExp(`^${field}:(.*)$`, 'm'))?.[1]?.trim()
}

async function checkRedis(redis: Redis): Promise<Check> {
  const latencyMs = await timed(() => redis.ping())
  const info = await redis.info('memory')
  const usedMemory = infoField(info, 'used_memory_human') ?? 'unknown'
  const maxMemory = Number(infoField(info, 'maxmemory') ?? 0)
  const status = latencyMs > SLOW_REDIS_MS ? 'degraded' : 'ok'
  return {
    status,
    message: `Answered in ${latencyMs} ms; ${usedMemory} used`,
    details: { latencyMs, usedMemory, maxMemoryBytes: maxMemory },
  }
}

/** Every queue of the job catalogue. */
export const ALL_QUEUES: AnyQueueName[] = [...Object.values(QUEUE_NAMES), ...Object.values(SCAN_QUEUE_NAMES)]

/** A queue nobody takes jobs from is down; one keeping failed jobs (kept a week) is degraded. */
async function checkQueue(queues: QueueRegistry, name: AnyQueueName): Promise<Check> {
  const queue = queues.get(name)
  const [counts, workers] = await Promise.all([
    queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized'),
    queue.getWorkers(),
  ])
  const waiting = (counts.waiting ?? 0) + (counts.prioritized ?? 0)
  const { active = 0, delayed = 0, failed = 0 } = counts
  const details = { waiting, active, delayed, failed, workers: workers.length }
  const summary = `${waiting} waiting, ${active} active, ${delayed} delayed, ${failed} failed; ${workers.length} worker(s)`
  let status: ServiceState = 'ok'
  if (workers.length === 0) status = 'down'
  else if (failed > 0) status = 'degraded'
  return { status, message: summary, details }
}

async function readHeartbeats(redis: Redis, prefix: string): Promise<WorkerHeartbeat[]> {
  const keys: string[] = []
  let cursor = '0'
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', workerHeartbeatPattern(prefix), 'COUNT', 200)
    cursor = next
    keys.push(...found)
  } while (cursor !== '0')
  if (keys.length === 0) return []
  const values = await redis.mget(keys)
  return values.flatMap((value) => {
    if (!value) return []
    const parsed = WorkerHeartbeatSchema.safeParse(JSON.parse(value))
    return parsed.success ? [parsed.data] : []
  })
}

function checkWorkers(heartbeats: WorkerHeartbeat[]): Check {
  if (heartbeats.length === 0) {
    return { status: 'down', message: 'No worker process has reported in the last minute', details: {} }
  }
  const hosts = heartbeats.map((beat) => `${beat.host}:${beat.pid}`).join(', ')
  return {
    status: 'ok',
    message: `${heartbeats.length} worker process(es) alive: ${hosts}`,
    details: { processes: heartbeats.length },
  }
}

function checkChromium(heartbeats: WorkerHeartbeat[]): Check {
  const versions = [...new Set(heartbeats.flatMap((beat) => beat.chromiumVersion ?? []))]
  if (versions.length === 0) {
    return { status: 'down', message: 'No worker reports a Chromium it can start', details: {} }
  }
  const missing = heartbeats.some((beat) => beat.chromiumVersion === null)
  return {
    status: missing ? 'degraded' : 'ok',
    message: missing ? `${versions.join(', ')}; some workers found no Chromium` : versions.join(', '),
    details: { version: versions.join(', ') },
  }
}

const STATE_ORDER: ServiceState[] = ['ok', 'degraded', 'down']

function worstOf(states: ServiceState[]): ServiceState {
  return states.reduce<ServiceState>(
    (worst, state) => (STATE_ORDER.indexOf(state) > STATE_ORDER.indexOf(worst) ? state : worst),
    'ok',
  )
}

async function checkWorkerProcesses(deps: StatusDeps): Promise<ServiceComponent[]> {
  const heartbeats = await withTimeout(readHeartbeats(deps.redis, deps.queuePrefix)).catch(() => null)
  if (!heartbeats) {
    const down = { status: 'down' as const, message: 'Redis did not answer', details: {} }
    return [
      { id: 'workers', name: 'Workers', ...down },
      { id: 'chromium', name: 'Chromium', ...down },
    ]
  }
  return [
    { id: 'workers', name: 'Workers', ...checkWorkers(heartbeats) },
    { id: 'chromium', name: 'Chromium', ...checkChromium(heartbeats) },
  ]
}

/**
 * The health of everything Canopy depends on: PostgreSQL, Redis, each queue of the catalogue, the worker
 * processes and their Chromium. Staff see the figures and messages; others only each part's state.
 */
export async function checkBackendStatus(deps: StatusDeps, { isStaff }: { isStaff: boolean }) {
  const [database, redis, queueChecks, workerParts] = await Promise.all([
    settle(() => checkDatabase(deps.prisma)),
    settle(() => checkRedis(deps.redis)),
    Promise.all(ALL_QUEUES.map((name) => settle(() => checkQueue(deps.queues, name)))),
    checkWorkerProcesses(deps),
  ])
  const components: ServiceComponent[] = [
    { id: 'database', name: 'PostgreSQL', ...database },
    { id: 'redis', name: 'Redis', ...redis },
    ...ALL_QUEUES.map((name, index) => ({
      id: `queue:${name}`,
      name: `Queue ${name}`,
      ...(queueChecks[index] as Check),
    })),
    ...workerParts,
  ]
  const answer: BackendStatus = {
    lastChecked: new Date().toISOString(),
    overallStatus: worstOf(components.map((component) => component.status)),
    components: isStaff
      ? components
      : components.map((component) => ({ ...component, message: null, details: {} })),
  }
  return answer
}
