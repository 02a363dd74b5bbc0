import { lookup } from 'node:dns/promises'
import http from 'node:http'
import type net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SharedBrowser } from '../../apps/worker/src/browser/shared-browser.js'
import { createLighthouseRunner } from '../../apps/worker/src/lighthouse/index.js'
import { createAddressGuard, type ResolvedAddress } from '../../apps/worker/src/net/index.js'
import { auditPage, type PageAudit } from '../../apps/worker/src/pipeline/audit-page.js'
import { createContentAnalysers } from '../../apps/worker/src/pipeline/content-analysers.js'

/**
 * The scanner turned against its host (SSRF), in real Chromium, real Lighthouse and real sockets. An attacker's
 * page is served from 127.0.0.1, which the allow-list names as tests and intranets do; an "internal service"
 * listens on 127.0.0.2, a loopback address the guard refuses, on the same port number as a second attacker
 * server (for the rebinding case). Each attack page tries one way to reach the internal service; the service
 * counts every TCP connection it gets, and must get none. The refused requests are recorded on the page's audit.
 */

interface Server {
  server: http.Server
  port: number
  connections: number
}

async function listen(host: string, port: number, handler: http.RequestListener): Promise<Server> {
  const counted: Server = { server: http.createServer(handler), port, connections: 0 }
  counted.server.on('connection', () => {
    counted.connections++
  })
  await new Promise<void>((resolve, reject) => {
    counted.server.once('error', reject)
    counted.server.listen(port, host, resolve)
  })
  counted.port = (counted.server.address() as net.AddressInfo).port
  return counted
}

const html = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Attack</title></head><body>${body}</body></html>`

/** The attack pages, by path; `internal` is the internal service's origin on 127.0.0.2. */
function attackPages(internal: string, port: number): Record<string, string> {
  return {
    '/meta-refresh': `<meta http-equiv="refresh" content="0;url=${internal}/meta-refresh">`,
    '/iframe': `<iframe title="x" src="${internal}/iframe"></iframe>`,
    '/fetch': `<script>fetch('${internal}/fetch').catch(() => {}); const x = new XMLHttpRequest(); x.open('GET', '${internal}/xhr'); x.send()</script>`,
    '/websocket': `<script>new WebSocket('ws://127.0.0.2:${port}/socket')</script>`,
    '/image': `<img alt="x" src="${internal}/image.png">`,
    '/https': `<img alt="x" src="https://127.0.0.2:${port}/tunnel.png">`,
    '/dns-name': `<img alt="x" src="http://internal.test:${port}/dns.png">`,
    '/ipv4-compatible': `<img alt="x" src="http://[::7f00:2]:${port}/compatible.png">`,
    '/decimal': `<img alt="x" src="http://2130706434:${port}/decimal.png">`,
    '/octal': `<img alt="x" src="http://0177.0.0.2:${port}/octal.png">`,
    '/worker': `<script>new Worker(URL.createObjectURL(new Blob(["fetch('${internal}/worker')"])))</script>`,
    '/lighthouse': `<img alt="x" src="${internal}/lighthouse.png"><script>fetch('${internal}/lighthouse-fetch').catch(() => {})</script>`,
    '/rebinding': `<script>for (let i = 0; i < 3; i++) setTimeout(() => fetch('/rebound?' + i), 100 * i)</script>`,
  }
}

let internal: Server
let attacker: Server
let rebindTarget: Server
let lookups = 0
const browser = new SharedBrowser()

/** DNS as the attacker controls it: internal.test is 127.0.0.2; rebind.test is 127.0.0.1 once, then 127.0.0.2. */
async function attackerDns(hostname: string): Promise<ResolvedAddress[]> {
  if (hostname === 'internal.test') return [{ address: '127.0.0.2', family: 4 }]
  if (hostname === 'rebind.test') {
    lookups++
    return [{ address: lookups === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }]
  }
  const answers = await lookup(hostname, { all: true })
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))
}

const guard = createAddressGuard({ allowHosts: '127.0.0.1', resolve: attackerDns })

beforeAll(async () => {
  internal = await listen('127.0.0.2', 0, (_request, response) => response.end('internal secret'))
  const pages = attackPages(`http://127.0.0.2:${internal.port}`, internal.port)
  attacker = await listen('127.0.0.1', 0, (request, response) => {
    if (request.url === '/redirect') {
      response.writeHead(302, { location: `http://127.0.0.2:${internal.port}/redirect` })
      return response.end()
    }
    const page = pages[request.url ?? '']
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html' })
    response.end(html(page ?? 'not found'))
  })
  // The rebinding name's first answer: the attacker's server on the internal service's port number.
  rebindTarget = await listen('127.0.0.1', internal.port, (request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(html(request.url === '/rebinding' ? (pages['/rebinding'] as string) : 'attacker'))
  })
}, 30_000)

afterAll(async () => {
  await browser.close()
  for (const { server } of [internal, attacker, rebindTarget]) server?.close()
})

/** The attack page audited as a scan would; answers the audit or the failure. */
async function auditAttack(path: string, origin = `http://127.0.0.1:${attacker.port}`) {
  const audit = auditPage(browser, `${origin}${path}`, {
    guard,
    analysers: createContentAnalysers(),
    navigationTimeoutMs: 15_000,
  })
  return audit.then(
    (value) => ({ audit: value, error: null }),
    (error: unknown) => ({ audit: null as PageAudit | null, error: String(error) }),
  )
}

describe('the scanner cannot be turned against its host', () => {
  it.each([
    ['an HTTP redirect', '/redirect'],
    ['a meta refresh', '/meta-refresh'],
  ])(
    '%s to an internal address fails the page as blocked, and nothing reaches the service',
    async (_, path) => {
      const { audit, error } = await auditAttack(path)
      expect(audit).toBeNull()
      expect(error).toMatch(
        /Blocked by the network policy: http:\/\/127\.0\.0\.2:\d+\/.* \(127\.0\.0\.2 is loopback\)/,
      )
      expect(internal.connections).toBe(0)
    },
    60_000,
  )

  it.each([
    ['an iframe', '/iframe', `/iframe`],
    ['fetch and XMLHttpRequest', '/fetch', '/fetch'],
    ['an image', '/image', '/image.png'],
    ['a web worker', '/worker', '/worker'],
  ])(
    '%s: refused, recorded on the page as blocked, never fetched',
    async (_, path, blockedPath) => {
      const { audit, error } = await auditAttack(path)
      expect(error).toBeNull()
      expect(internal.connections).toBe(0)
      expect(audit?.blockedRequests).toContainEqual({
        url: `http://127.0.0.2:${internal.port}${blockedPath}`,
        reason: '127.0.0.2 is loopback',
      })
    },
    60_000,
  )

  it.each([
    ['a WebSocket', '/websocket', '127.0.0.2 is loopback'],
    ['an https request (a tunnel)', '/https', '127.0.0.2 is loopback'],
  ])(
    '%s: the tunnel is refused and recorded',
    async (_, path, reason) => {
      const { audit } = await auditAttack(path)
      expect(internal.connections).toBe(0)
      expect(audit?.blockedRequests.map((entry) => entry.reason)).toContain(reason)
    },
    60_000,
  )

  it.each([
    ['a DNS name resolving to loopback', '/dns-name', '127.0.0.2 is loopback'],
    ['IPv4-compatible IPv6 [::7f00:2]', '/ipv4-compatible', '::7f00:2 is ipv4Compatible'],
    ['a decimal IPv4 address', '/decimal', '127.0.0.2 is loopback'],
    ['an octal IPv4 address', '/octal', '127.0.0.2 is loopback'],
  ])(
    '%s: refused and recorded',
    async (_, path, reason) => {
      const { audit } = await auditAttack(path)
      expect(internal.connections).toBe(0)
      expect(audit?.blockedRequests.map((entry) => entry.reason)).toContain(reason)
    },
    60_000,
  )

  it('DNS rebinding: every request goes to the address checked first, never to the second answer', async () => {
    const { audit, error } = await auditAttack('/rebinding', `http://rebind.test:${internal.port}`)
    expect(error).toBeNull()
    expect(audit?.title).toBe('Attack')
    expect(lookups).toBe(1)
    expect(internal.connections).toBe(0)
  }, 60_000)

  it("Lighthouse's Chromium goes through the guard too", async () => {
    const runner = createLighthouseRunner({ allowHosts: ['127.0.0.1'] })
    try {
      const run = await runner.runRaw({
        url: `http://127.0.0.1:${attacker.port}/lighthouse`,
        formFactor: 'desktop',
        mode: 'tuned',
      })
      expect(run.lhr.finalDisplayedUrl).toContain('/lighthouse')
    } finally {
      runner.close()
    }
    expect(internal.connections).toBe(0)
  }, 120_000)
})
