import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import { freePort, waitUntil } from './ports.js'

/**
 * A Redis of the test's own, started from the system's redis-server on a free port, so it can be stopped and
 * started again without touching the machine's shared Redis. It keeps nothing on disk (no RDB, no AOF): a
 * restart comes back empty, like a Redis whose data was lost, which is the harder case for the worker.
 */
export interface PrivateRedis {
  url: string
  start(): Promise<void>
  stop(): Promise<void>
  destroy(): Promise<void>
}

async function answersPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  client.on('error', () => undefined)
  try {
    await client.connect()
    return (await client.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    client.disconnect()
  }
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = await mkdtemp(path.join(tmpdir(), 'canopy-fault-redis-'))
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let server: ChildProcess | null = null
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']
    server = spawn('redis-server', [...args, '--dir', dir], { stdio: 'ignore' })
    await waitUntil(() => answersPing(url), 10_000, 'the private Redis to answer')
  }
  const stop = async () => {
    const running = server
    server = null
    if (!running || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGKILL')
    await exited
  }
  await start()
  return {
    url,
    start,
    stop,
    destroy: async () => {
      await stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
