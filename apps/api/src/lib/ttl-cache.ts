/**
 * A small in-process cache of values that may be a few seconds old (list totals): each key is computed
 * once per `ttlMs`, concurrent requests for it share one computation, and the oldest entries go first
 * beyond `maxEntries`. A failed computation is not kept.
 */
export function createTtlCache<T>({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { expiresAt: number; value: Promise<T> }>()

  async function cached(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now()
    const entry = entries.get(key)
    if (entry && entry.expiresAt > now) return entry.value
    entries.delete(key)
    const value = compute()
    entries.set(key, { expiresAt: now + ttlMs, value })
    value.catch(() => entries.delete(key))
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      entries.delete(oldest)
    }
    return value
  }
  /** Drops every value (what they were computed from has changed). */
  cached.clear = () => entries.clear()
  return cached
}
