/**
 * Answers of read-only endpoints kept for a few seconds, already serialised, grouped by scope (a site):
 * many people opening the same list of the same site cost one query and one serialisation.
 *
 * Rules it keeps:
 * - an answer is served for at most `ttlMs` after it was stored, so a change this process does not hear of
 *   (another API process's edit) shows within that time;
 * - `forgetScope` drops a scope's answers at once (a scan of the site moved on, the site was changed), and
 *   an answer computed while anything was forgotten is not stored: it may have read the old data;
 * - the oldest answers go first beyond `maxEntries`.
 */
export interface CachedResponse {
  payload: string
  contentType: string
}

interface Slot {
  scope: string
  response: CachedResponse
  storedAt: number
}

export interface ResponseCacheOptions {
  ttlMs: number
  maxEntries: number
  now?: () => number
}

export class ResponseCache {
  readonly #slots = new Map<string, Slot>()
  readonly #options: Required<ResponseCacheOptions>
  #generation = 0

  constructor(options: ResponseCacheOptions) {
    this.#options = { now: Date.now, ...options }
  }

  get size(): number {
    return this.#slots.size
  }

  /** Taken when a request starts; `set` stores its answer only if nothing was forgotten since. */
  get generation(): number {
    return this.#generation
  }

  get(scope: string, key: string): CachedResponse | undefined {
    const id = `${scope}\n${key}`
    const slot = this.#slots.get(id)
    if (!slot) return undefined
    if (this.#options.now() - slot.storedAt >= this.#options.ttlMs) {
      this.#slots.delete(id)
      return undefined
    }
    return slot.response
  }

  set(scope: string, key: string, response: CachedResponse, generation: number): void {
    if (generation !== this.#generation || this.#options.ttlMs <= 0) return
    const id = `${scope}\n${key}`
    this.#slots.delete(id)
    this.#slots.set(id, { scope, response, storedAt: this.#options.now() })
    if (this.#slots.size > this.#options.maxEntries) {
      const oldest = this.#slots.keys().next().value
      if (oldest !== undefined) this.#slots.delete(oldest)
    }
  }

  forgetScope(scope: string): void {
    this.#generation += 1
    for (const [id, slot] of this.#slots) {
      if (slot.scope === scope) this.#slots.delete(id)
    }
  }
}
