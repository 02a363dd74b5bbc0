import type { FastifyBaseLogger } from 'fastify'

export interface BackgroundTasks {
  /** Starts `task` without making the caller wait; a failure is logged with `description`. */
  run(description: string, task: () => Promise<unknown>): void
  /** Resolves once every task started so far has settled (for a graceful close). */
  drain(): Promise<void>
}

/** Work that must not delay an answer, tracked so that closing the app does not cut it off half-way. */
export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<void>>()
  return {
    run(description, task) {
      const running = task()
        .then(() => undefined)
        .catch((error: unknown) => log.error({ err: error }, description))
        .finally(() => pending.delete(running))
      pending.add(running)
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending])
    },
  }
}
