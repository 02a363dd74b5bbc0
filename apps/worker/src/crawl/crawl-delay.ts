import type { Redis } from 'ioredis'

/**
 * Crawl-delay per host across every worker process: a page may be fetched from a host only after taking
 * a Redis key that lives `delayMs`; whoever finds it taken waits for its expiry.
 */
export async function waitForCrawlSlot(
  redis: Redis,
  prefix: string,
  host: string,
  delayMs: number | null,
): Promise<void> {
  if (!delayMs || delayMs <= 0) return
  const key = `${prefix}:crawl-delay:${host}`
  for (;;) {
    const taken = await redis.set(key, '1', 'PX', delayMs, 'NX')
    if (taken === 'OK') return
    const ttl = await redis.pttl(key)
    await new Promise((resolve) => setTimeout(resolve, Math.max(ttl, 20)))
  }
}
