import { execFile } from 'node:child_process'
import { hostname } from 'node:os'
import { promisify } from 'node:util'
import {
  WORKER_HEARTBEAT_INTERVAL_MS,
  WORKER_HEARTBEAT_TTL_SECONDS,
  type WorkerHeartbeat,
  workerHeartbeatKey,
} from '@canopy/contracts'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'

const run = promisify(execFile)

/** "Chromium 156.0.8078.108" from `chromium --version`, or null when it cannot be started. */
export async function readChromiumVersion(chromiumPath: string): Promise<string | null> {
  try {
    const { stdout } = await run(chromiumPath, ['--version'], { timeout: 10_000 })
    return stdout.trim().split('\n').at(-1)?.trim() || null
  } catch {
    return null
  }
}

export interface Heartbeat {
  stop(): Promise<void>
}

/**
 * Writes this process's heartbeat (queues served, Chromium version) to Redis every
 * WORKER_HEARTBEAT_INTERVAL_MS with a TTL, so the API's status page sees which workers are alive; a process
 * that dies stops beating and its key expires. Removed on a clean stop.
 */
export async function startHeartbeat(options: {
  redis: Redis
  prefix: string
  chromiumPath: string
  queues: string[]
  logger: Logger
}): Promise<Heartbeat> {
  const { redis, prefix, logger } = options
  const chromiumVersion = await readChromiumVersion(options.chromiumPath)
  const key = workerHeartbeatKey(prefix, hostname(), process.pid)
  const beat = async () => {
    const heartbeat: WorkerHeartbeat = {
      host: hostname(),
      pid: process.pid,
      queues: options.queues,
      chromiumVersion,
      at: new Date().toISOString(),
    }
    await redis
      .set(key, JSON.stringify(heartbeat), 'EX', WORKER_HEARTBEAT_TTL_SECONDS)
      .catch((error: unknown) => logger.debug({ err: error }, 'heartbeat not written'))
  }
  await beat()
  const timer = setInterval(() => void beat(), WORKER_HEARTBEAT_INTERVAL_MS)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await redis.del(key).catch(() => undefined)
    },
  }
}
