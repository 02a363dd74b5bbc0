import { type AnyQueueName, type JobQueues, SCAN_QUEUE_NAMES } from '@canopy/contracts'
import { artifactsRoot, createSecretBox, type SecretBox } from '@canopy/db'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { SharedBrowser } from '../browser/shared-browser.js'
import type { WorkerConfig } from '../config.js'
import { closeSharedLighthouseRunner } from '../lighthouse/index.js'
import { type AddressGuard, createAddressGuard } from '../net/index.js'

/**
 * What the scan jobs share inside one worker process: the one Chromium, the address guard, a Redis
 * connection (crawl-delay slots) and the queues they add jobs to. Made on first use, closed on shutdown.
 */
export interface ScanRuntime {
  config: WorkerConfig
  browser: SharedBrowser
  guard: AddressGuard
  redis: Redis
  queue(name: AnyQueueName): Queue
  /** the same queues, for enqueueJob */
  queues: JobQueues
  artifactsRoot: string
  /** opens the secrets the API sealed (a site's sign-in for scans) */
  secrets: SecretBox
  /** scan pages get lighthouse-page jobs: Lighthouse on (SCAN_LIGHTHOUSE) and a worker defines that job */
  lighthousePages: boolean
}

let runtime: ScanRuntime | null = null
let runtimeConfig: WorkerConfig | null = null
let lighthouseJobRegistered = false

export function configureScanRuntime(config: WorkerConfig, options: { lighthouseJobRegistered: boolean }) {
  runtimeConfig = config
  lighthouseJobRegistered = options.lighthouseJobRegistered
}

export function getScanRuntime(): ScanRuntime {
  if (runtime) return runtime
  if (!runtimeConfig) throw new Error('scan runtime not configured: startWorkers configures it')
  const config = runtimeConfig
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
  // While Redis is away every connection reports each failed reconnect; the service monitor logs the outage once.
  redis.on('error', () => undefined)
  const queues = new Map<AnyQueueName, Queue>()
  const queueOf = (name: AnyQueueName) => {
    let queue = queues.get(name)
    if (!queue) {
      queue = new Queue(name, { connection: redis, prefix: config.queuePrefix })
      queue.on('error', () => undefined)
      queues.set(name, queue)
    }
    return queue
  }
  runtime = {
    config,
    browser: new SharedBrowser({ executablePath: config.chromiumPath, userAgent: config.userAgent }),
    guard: createAddressGuard({ allowHosts: config.allowHosts }),
    redis,
    secrets: createSecretBox(config.secretsKey),
    lighthousePages: config.lighthouseEnabled && lighthouseJobRegistered,
    artifactsRoot: artifactsRootOf(config),
    queue: queueOf,
    queues: { get: queueOf },
  }
  const close = async () => {
    await Promise.all([...queues.values()].map((queue) => queue.close()))
  }
  closers.push(close)
  return runtime
}

const closers: (() => Promise<void>)[] = []

export async function closeScanRuntime(): Promise<void> {
  const current = runtime
  runtime = null
  if (!current) return
  await Promise.all(closers.splice(0).map((close) => close()))
  closeSharedLighthouseRunner()
  await current.browser.close()
  await current.redis.quit().catch(() => undefined)
}

export const ALL_SCAN_QUEUES = Object.values(SCAN_QUEUE_NAMES)

/** Where the worker keeps scan artefacts: ARTIFACTS_DIR, or the default under the data folder. */
export function artifactsRootOf(config: Pick<WorkerConfig, 'artifactsDir'>): string {
  return artifactsRoot(config.artifactsDir ? { ARTIFACTS_DIR: config.artifactsDir } : {})
}
