import type { BrowserContext } from 'playwright-core'

/**
 * A page given up at its deadline. Its message starts with "timeout" so it reads like the other timeouts a
 * page fails with.
 */
export class PageDeadlineError extends Error {
  constructor(url: string, ms: number) {
    super(`timeout: the page's load and audit did not finish within ${ms} ms, given up at ${url}`)
    this.name = 'PageDeadlineError'
  }
}

/**
 * Runs `work` on a browser context with a hard bound on the whole of it, whatever its own steps' timeouts add
 * up to: at `ms` the context is closed (every pending load, evaluate and screenshot of its pages fails at once,
 * and a renderer stuck in a script is let go) and the answer is a PageDeadlineError, whether or not `work` has
 * settled. The job's lane is then free for the next page.
 */
export async function withPageDeadline<T>(
  context: BrowserContext,
  ms: number,
  url: string,
  work: () => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new PageDeadlineError(url, ms))
      void context.close().catch(() => undefined)
    }, ms)
  })
  const running = work()
  // Once the deadline has answered, work's own failure (the closed context) is expected and nobody's to handle.
  running.catch(() => undefined)
  try {
    return await Promise.race([running, deadline])
  } finally {
    clearTimeout(timer)
  }
}
