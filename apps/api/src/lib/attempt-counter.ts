import type { Redis } from 'ioredis'

/** At most `max` attempts per `windowMs` for one key (an address, an account, everyone). */
export interface AttemptLimit {
  key: string
  max: number
  windowMs: number
}

type Replies = [Error | null, unknown][]

/**
 * The longest remaining window among the limits whose count is above `allowed`, else null. Each limit has
 * `stride` replies in the batch: its count first, its remaining time at `ttlAt`.
 */
function longestWait(
  limits: AttemptLimit[],
  replies: Replies,
  shape: { stride: number; ttlAt: number; allowed: (limit: AttemptLimit) => number },
): number | null {
  let waitMs: number | null = null
  limits.forEach((limit, index) => {
    const [countError, count] = replies[index * shape.stride] ?? []
    const [ttlError, ttl] = replies[index * shape.stride + shape.ttlAt] ?? []
    if (countError || ttlError) throw countError ?? ttlError
    if (Number(count ?? 0) > shape.allowed(limit)) {
      waitMs = Math.max(waitMs ?? 0, Number(ttl) > 0 ? Number(ttl) : limit.windowMs)
    }
  })
  return waitMs
}

/**
 * Counts one attempt against each limit (fixed windows in Redis, shared by every API process) and answers
 * how long to wait when any of them is over: the longest remaining window of those exceeded, else null.
 * The attempt is counted even when it is refused, so hammering keeps the window closed.
 */
export async function countAttempt(
  redis: Redis,
  prefix: string,
  limits: AttemptLimit[],
): Promise<number | null> {
  const batch = redis.multi()
  for (const limit of limits) {
    const key = `${prefix}${limit.key}`
    batch.incr(key).pexpire(key, limit.windowMs, 'NX').pttl(key)
  }
  // After this attempt, a count above the limit is over it.
  return longestWait(limits, (await batch.exec()) ?? [], {
    stride: 3,
    ttlAt: 2,
    allowed: (limit) => limit.max,
  })
}

/** How long to wait when any limit is already used up, without counting an attempt; else null. */
export async function findWait(redis: Redis, prefix: string, limits: AttemptLimit[]): Promise<number | null> {
  const batch = redis.multi()
  for (const limit of limits) batch.get(`${prefix}${limit.key}`).pttl(`${prefix}${limit.key}`)
  // Before an attempt, a count at the limit means the next one would be over it.
  return longestWait(limits, (await batch.exec()) ?? [], {
    stride: 2,
    ttlAt: 1,
    allowed: (limit) => limit.max - 1,
  })
}
