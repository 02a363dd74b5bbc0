import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAddressGuard } from '../../net/index.js'
import { checkLinks } from './check-links.js'

interface Hit {
  request: string
  at: number
}

/** A host of its own (127.0.0.1 on its own port) with the given robots.txt; every request recorded. */
async function startHost(robotsTxt: string | null): Promise<{ origin: string; hits: Hit[]; server: Server }> {
  const hits: Hit[] = []
  const server = createServer((req, res) => {
    hits.push({ request: `${req.method} ${req.url}`, at: Date.now() })
    if (req.url === '/robots.txt') {
      if (robotsTxt === null) res.writeHead(404).end()
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(robotsTxt)
      return
    }
    setTimeout(() => res.writeHead(200).end(), 20)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server }
}

describe('checkLinks keeps to each host’s robots.txt', () => {
  const guard = createAddressGuard({ allowHosts: '127.0.0.1' })
  let paced: Awaited<ReturnType<typeof startHost>>
  let open: Awaited<ReturnType<typeof startHost>>

  beforeAll(async () => {
    paced = await startHost('User-agent: *\nDisallow: /private/\nCrawl-delay: 0.2\n')
    open = await startHost(null)
  })

  afterAll(() => {
    paced.server.close()
    open.server.close()
  })

  it('reads each host’s robots.txt once, skips what it disallows and paces requests by its crawl-delay', async () => {
    const pacedLinks = ['/a', '/b', '/c', '/d'].map((path) => `${paced.origin}${path}`)
    const openLinks = ['/a', '/b', '/c'].map((path) => `${open.origin}${path}`)
    const disallowed = `${paced.origin}/private/minutes`
    // Every link appears on several pages: the same URL given again is the same check.
    const results = await checkLinks([...pacedLinks, disallowed, ...openLinks, ...pacedLinks, ...openLinks], {
      guard,
      perHostConcurrency: 3,
    })

    expect(results.get(disallowed)).toMatchObject({
      status: 908,
      statusClass: '9xx',
      error: 'RobotsDisallowed',
      isBroken: false,
      isUnverified: true,
      method: null,
    })
    for (const url of [...pacedLinks, ...openLinks])
      expect(results.get(url), url).toMatchObject({ status: 200 })

    for (const host of [paced, open]) {
      expect(host.hits.filter((hit) => hit.request === 'GET /robots.txt')).toHaveLength(1)
    }
    const pacedRequests = paced.hits.filter((hit) => hit.request.startsWith('HEAD '))
    expect(pacedRequests.map((hit) => hit.request).sort()).toEqual([
      'HEAD /a',
      'HEAD /b',
      'HEAD /c',
      'HEAD /d',
    ])
    // Crawl-delay 0.2: each request to the host starts at least 200 ms after the one before.
    for (let n = 1; n < pacedRequests.length; n += 1) {
      const gap = (pacedRequests[n]?.at ?? 0) - (pacedRequests[n - 1]?.at ?? 0)
      expect(gap).toBeGreaterThanOrEqual(195)
    }
    expect(open.hits.filter((hit) => hit.request.startsWith('HEAD '))).toHaveLength(3)
  })

  it('requests no more links of a paced host than its crawl-delay fits in the budget', async () => {
    const urls = ['/g', '/h', '/i', '/j', '/k'].map((path) => `${paced.origin}${path}`)
    const before = paced.hits.length
    // Crawl-delay 0.2 s in a 0.5 s budget: two links are requested, the other three are not.
    const results = await checkLinks(urls, { guard, pacedHostBudgetMs: 500 })
    const outcomes = urls.map((url) => results.get(url))
    expect(outcomes.filter((result) => result?.status === 200)).toHaveLength(2)
    const skipped = outcomes.filter((result) => result?.error === 'CrawlDelayBudget')
    expect(skipped).toHaveLength(3)
    for (const result of skipped)
      expect(result).toMatchObject({ status: 909, isBroken: false, isUnverified: true, method: null })
    expect(paced.hits.slice(before).filter((hit) => hit.request.startsWith('HEAD '))).toHaveLength(2)
  })

  it('takes the crawl-delay slot it is given, once per request to a paced host', async () => {
    const slots: string[] = []
    const urls = ['/e', '/f'].map((path) => `${paced.origin}${path}`)
    await checkLinks([...urls, `${open.origin}/e`], {
      guard,
      waitForSlot: async (host, delayMs) => {
        slots.push(`${host} ${delayMs}`)
      },
    })
    const pacedHost = new URL(paced.origin).host
    expect(slots).toEqual([`${pacedHost} 200`, `${pacedHost} 200`])
  })
})
