import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { afterAll, beforeAll } from 'vitest'

/** What the Lighthouse runner's tests share: a small local site, and whether a process is still there. */

/** The test pages are served on loopback, which the network guard refuses unless allow-listed. */
export const LOCAL = ['127.0.0.1']

/** Real Lighthouse in real child processes with Debian's Chromium: each run takes seconds. */
export const SLOW = 90_000

/** A small page at `/`, and `/hang`, which never answers: a run of it hangs until the runner's timeout. */
async function startSmallSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.url === '/hang') return
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(
      '<!doctype html><html lang="en"><head><title>Small</title></head><body><h1>Small page</h1></body></html>',
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** The small site for a test file: started before its tests, closed after them; `origin` once started. */
export function useSmallSite(): { readonly origin: string } {
  let site: Awaited<ReturnType<typeof startSmallSite>> | undefined
  beforeAll(async () => {
    site = await startSmallSite()
  })
  afterAll(() => site?.close())
  return {
    get origin() {
      if (!site) throw new Error('the small site is served from beforeAll on')
      return site.origin
    },
  }
}

/** Running, or gone (a zombie waiting for its parent counts as gone: it runs nothing). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return !/^\d+ \(.*\) [ZX]/.test(stat)
  } catch {
    return false
  }
}

/** Whether the process is gone within five seconds. */
export async function waitUntilGone(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (!isAlive(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}
