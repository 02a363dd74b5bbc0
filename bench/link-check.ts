/**
 * The link checker with its politeness on: BENCH_LINKS (default 10,000) distinct external links spread over
 * BENCH_HOSTS (default 200) fake hosts, each a local HTTP server on its own port (so its own host to the
 * checker, through the address guard). Every BENCH_DELAYED_EVERY-th host (default 10th) asks for a
 * Crawl-delay of BENCH_CRAWL_DELAY seconds (default 0.1) in its robots.txt; the others ask for none. Each
 * answer takes BENCH_LATENCY_MS (default 20) ms. Prints the time the whole check took, the links per second,
 * the robots.txt fetches (one per host is right) and the largest number of requests any host had in flight.
 * BENCH_CONCURRENCY (default 8, the checker's default) caps the requests in flight across all hosts.
 *
 *   pnpm exec tsx bench/link-check.ts
 *
 * The servers run in this process, so they share its CPU with the checker.
 */
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism } from 'node:os'
import { checkLinks } from '../apps/worker/src/audits/links/index.js'
import { createAddressGuard } from '../apps/worker/src/net/index.js'

const LINKS = Number(process.env.BENCH_LINKS ?? 10_000)
const HOSTS = Number(process.env.BENCH_HOSTS ?? 200)
const DELAYED_EVERY = Number(process.env.BENCH_DELAYED_EVERY ?? 10)
const CRAWL_DELAY_S = Number(process.env.BENCH_CRAWL_DELAY ?? 0.1)
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20)
/** requests in flight across all hosts; the checker's default is 8 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)

interface FakeHost {
  origin: string
  server: Server
  robotsFetches: number
  maxInFlight: number
}

async function startFakeHost(delayed: boolean): Promise<FakeHost> {
  let inFlight = 0
  const robots = `User-agent: *\nDisallow: /private/\n${delayed ? `Crawl-delay: ${CRAWL_DELAY_S}\n` : ''}`
  const host = { origin: '', robotsFetches: 0, maxInFlight: 0 } as FakeHost
  host.server = createServer((request, response) => {
    if (request.url === '/robots.txt') {
      host.robotsFetches += 1
      response.writeHead(200, { 'content-type': 'text/plain' }).end(robots)
      return
    }
    inFlight += 1
    host.maxInFlight = Math.max(host.maxInFlight, inFlight)
    setTimeout(() => {
      inFlight -= 1
      const status = request.url?.endsWith('/gone') ? 404 : 200
      response.writeHead(status, { 'content-type': 'text/html' }).end('<!doctype html><title>page</title>')
    }, LATENCY_MS)
  })
  host.server.listen(0, '127.0.0.1')
  await once(host.server, 'listening')
  host.origin = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`
  return host
}

/** LINKS distinct URLs, dealt round the hosts; every 50th a page that is gone. */
function linksOver(hosts: FakeHost[]): string[] {
  return Array.from({ length: LINKS }, (_, n) => {
    const host = hosts[n % hosts.length] as FakeHost
    return `${host.origin}/articles/${n}${n % 50 === 0 ? '/gone' : ''}`
  })
}

async function main() {
  const hosts = await Promise.all(
    Array.from({ length: HOSTS }, (_, n) => startFakeHost(DELAYED_EVERY > 0 && n % DELAYED_EVERY === 0)),
  )
  const links = linksOver(hosts)
  const guard = createAddressGuard({ allowHosts: '127.0.0.1' })
  const started = performance.now()
  const results = await checkLinks(links, { guard, timeoutMs: 15_000, concurrency: CONCURRENCY })
  const seconds = (performance.now() - started) / 1000
  const broken = [...results.values()].filter((result) => result.isBroken).length
  const delayedHosts = DELAYED_EVERY > 0 ? Math.ceil(HOSTS / DELAYED_EVERY) : 0
  console.info(`link check, ${availableParallelism()} cores`)
  console.info(
    `  ${LINKS} distinct links on ${HOSTS} hosts (${delayedHosts} with Crawl-delay ${CRAWL_DELAY_S} s), ${LATENCY_MS} ms per answer, ${CONCURRENCY} requests in flight at most`,
  )
  console.info(`  ${seconds.toFixed(1)} s, ${(LINKS / seconds).toFixed(0)} links/s; ${broken} broken`)
  console.info(
    `  robots.txt fetches: ${hosts.reduce((sum, host) => sum + host.robotsFetches, 0)}; most requests in flight at one host: ${Math.max(...hosts.map((host) => host.maxInFlight))}`,
  )
  for (const host of hosts) host.server.close()
}

await main()
