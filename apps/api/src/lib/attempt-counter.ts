import type { Redis } from 'ioredis'

/** At most `max` attempts per `windowMs` for one key (an address, an account, everyone). */
export interface AttemptLimit {
  key: string
  max: number
  windowMs: number
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
  const replies = (await batch.exec()) ?? []
  let waitMs: number | null = null
  limits.forEach((limit, index) => {
    const [countError, count] = replies[index * 3] ?? []
    const [ttlError, ttl] = replies[index * 3 + 2] ?? []
    if (countError || ttlError) throw countError ?? ttlError
    if (Number(count) > limit.max)
      waitMs = Math.max(waitMs ?? 0, Number(ttl) > 0 ? Number(ttl) : limit.windowMs)
  })
  return waitMs
}

/** How long to wait when any limit is already over, without counting an attempt; else null. */
export async function findWait(redis: Redis, prefix: string, limits: AttemptLimit[]): Promise<number | null> {
  const batch = redis.multi()
  for (const limit of limits) batch.get(`${prefix}${limit.key}`).pttl(`${prefix}${limit.key}`)
  const replies = (await batch.exec()) ?? []
  let waitMs: number | null = null
  limits.forEach((limit, index) => {
    const [countError, count] = replies[index * 2] ?? []
    const [ttlError, ttl] = replies[index * 2 + 1] ?? []
    if (countError || ttlError) throw countError ?? ttlError
    if (Number(count ?? 0) >= limit.max)
      waitMs = Math.max(waitMs ?? 0, Number(ttl) > 0 ? Number(ttl) : limit.windowMs)
  })
  return waitMs
}
