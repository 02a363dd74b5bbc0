/**
 * A short-lived in-process cache of what a request looks up about its user before its own work: the
 * session (keyed by the token's hash) and the user's access to a site (keyed by user and slug), so that a
 * burst of requests from one browser costs one lookup instead of one per request.
 *
 * Rules it keeps:
 * - an entry is used for at most `ttlMs` after it was read from the database, and never past its own
 *   expiry: a change made elsewhere (another process, a direct database edit) is seen within `ttlMs`;
 * - sign-out, a password reset, a change to a site and any other change made through this process call
 *   `forget`, `forgetUser` or `forgetWhere`, which take effect at once;
 * - a lookup that was under way while something was forgotten does not store its (possibly stale) answer;
 * - concurrent lookups of the same token share one database query.
 */

export interface CachedLookup {
  userId: string
  expiresAt: Date
}

export interface LookupCacheOptions {
  ttlMs: number
  /** oldest entries go first beyond this */
  maxEntries: number
  now?: () => number
}

interface Slot<T> {
  value: T
  storedAt: number
}

export class LookupCache<T extends CachedLookup> {
  readonly #entries = new Map<string, Slot<T>>()
  readonly #inFlight = new Map<string, Promise<T | null>>()
  readonly #options: Required<LookupCacheOptions>
  /** bumped by every forget: lookups started before it must not store what they read */
  #generation = 0

  constructor(options: LookupCacheOptions) {
    this.#options = { now: Date.now, ...options }
  }

  get size(): number {
    return this.#entries.size
  }

  /** The cached session, or undefined when absent, older than the TTL or expired. */
  get(id: string): T | undefined {
    const slot = this.#entries.get(id)
    if (!slot) return undefined
    const now = this.#options.now()
    if (now - slot.storedAt >= this.#options.ttlMs || slot.value.expiresAt.getTime() <= now) {
      this.#entries.delete(id)
      return undefined
    }
    return slot.value
  }

  /**
   * The session `id` from the cache, else from `load` (one load at a time per id). A found session is
   * stored unless something was forgotten while it loaded; a missing one is never stored.
   */
  async getOrLoad(id: string, load: () => Promise<T | null>): Promise<T | null> {
    const cached = this.get(id)
    if (cached) return cached
    const pending = this.#inFlight.get(id)
    if (pending) return pending
    const generation = this.#generation
    const lookup: Promise<T | null> = load()
      .then((value) => {
        if (value && generation === this.#generation) this.#store(id, value)
        return value
      })
      .finally(() => {
        // A forget may have started a newer lookup of the same id meanwhile: leave that one in place.
        if (this.#inFlight.get(id) === lookup) this.#inFlight.delete(id)
      })
    this.#inFlight.set(id, lookup)
    return lookup
  }

  forget(id: string): void {
    this.#generation += 1
    this.#entries.delete(id)
    this.#inFlight.delete(id)
  }

  /** Drops every cached entry of the user (signed out everywhere, password or account changed). */
  forgetUser(userId: string): void {
    this.forgetWhere((value) => value.userId === userId)
  }

  /** Drops every cached entry the predicate holds for (a site's entries when the site changed). */
  forgetWhere(predicate: (value: T) => boolean): void {
    this.#generation += 1
    for (const [id, slot] of this.#entries) {
      if (predicate(slot.value)) this.#entries.delete(id)
    }
    this.#inFlight.clear()
  }

  clear(): void {
    this.#generation += 1
    this.#entries.clear()
    this.#inFlight.clear()
  }

  #store(id: string, value: T): void {
    this.#entries.delete(id)
    this.#entries.set(id, { value, storedAt: this.#options.now() })
    if (this.#entries.size > this.#options.maxEntries) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
  }
}
