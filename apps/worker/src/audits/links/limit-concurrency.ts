/** At most `limit` tasks at once; the rest wait in arrival order. */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: (() => void)[] = []
  const release = () => {
    running -= 1
    waiting.shift()?.()
  }
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    running += 1
    try {
      return await task()
    } finally {
      release()
    }
  }
}
