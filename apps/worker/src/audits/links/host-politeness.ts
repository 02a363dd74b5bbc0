import { ALLOW_ALL, type RobotsRules } from '../../crawl/robots.js'
import { createLimiter } from './limit-concurrency.js'

/** How one host is treated during a link check: what its robots.txt says, and the pace of requests to it. */
export interface HostPolicy {
  robots: RobotsRules
  /** runs a task inside the host's concurrency limit */
  run<T>(task: () => Promise<T>): Promise<T>
  /** one request, started when the host's crawl-delay allows it (at once when it has none) */
  paced<T>(request: () => Promise<T>): Promise<T>
  /** false once a paced host has as many links as its crawl-delay lets the check's time budget hold */
  admit(): boolean
}

export interface HostPolitenessOptions {
  /** requests in flight to one host that asks for no crawl-delay */
  perHostConcurrency: number
  /** robots.txt of an origin; absent, every URL is allowed and no host asks for a delay */
  loadRobots?: (origin: string) => Promise<RobotsRules>
  /**
   * Waits for the host's next slot, `delayMs` after the last request to it began. By default the slots are
   * kept within this check (counted from the end of the last request); a worker passes the Redis slot its
   * page fetches take too, so every process keeps to one pace.
   */
  waitForSlot?: (host: string, delayMs: number) => Promise<void>
  /** time one paced host may take, in crawl-delays; the links beyond it are not requested */
  pacedHostBudgetMs: number
}

interface Slots {
  wait(host: string, delayMs: number): Promise<void>
  /** the request that took the host's slot has ended */
  done(host: string, delayMs: number): void
}

/**
 * Within this process: a request to a host starts `delayMs` after the one before it ended, so the host sees
 * the delay between requests whatever the network's latency.
 */
function createLocalSlots(): Slots {
  const nextStart = new Map<string, number>()
  return {
    async wait(host) {
      const wait = (nextStart.get(host) ?? 0) - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    },
    done(host, delayMs) {
      nextStart.set(host, Date.now() + delayMs)
    },
  }
}

/**
 * One policy per origin, made on first use, so each host's robots.txt is read once however many links lead
 * there. A host with a crawl-delay gets one request at a time, each `crawl-delay` after the one before; any
 * other host at most `perHostConcurrency` at once, and only as many links as `pacedHostBudgetMs` holds
crawl-delays. Hosts are told apart by origin, as robots.txt is.
 */
export function createHostPoliteness(options: HostPolitenessOptions): (url: URL) => Promise<HostPolicy> {
  const policies = new Map<string, Promise<HostPolicy>>()
  const given = options.waitForSlot
  const slots: Slots = given ? { wait: given, done: () => undefined } : createLocalSlots()
  async function makePolicy(url: URL): Promise<HostPolicy> {
    const robots = (await options.loadRobots?.(url.origin)) ?? ALLOW_ALL
    const delayMs = robots.crawlDelayMs ?? 0
    const run = createLimiter(delayMs > 0 ? 1 : options.perHostConcurrency)
    // A host asking for 60 s between requests, linked 100 times, would hold the scan for 100 minutes.
    let admissions = delayMs > 0 ? Math.max(1, Math.floor(options.pacedHostBudgetMs / delayMs)) : Infinity
    const admit = () => {
      admissions -= 1
      return admissions >= 0
    }
    async function paced<T>(request: () => Promise<T>): Promise<T> {
      if (delayMs <= 0) return request()
      await slots.wait(url.host, delayMs)
      try {
        return await request()
      } finally {
        slots.done(url.host, delayMs)
      }
    }
    return { robots, run, paced, admit }
  }
  return (url) => {
    let policy = policies.get(url.origin)
    if (!policy) {
      policy = makePolicy(url)
      policies.set(url.origin, policy)
    }
    return policy
  }
}
