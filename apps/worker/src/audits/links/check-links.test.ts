import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAddressGuard } from '../../net/index.js'
import { checkLinks } from './check-links.js'
import { classifyStatus, isBotWall } from './link-status.js'

type Handler = (request: IncomingMessage, response: ServerResponse) => void

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('checkLinks against a local server', () => {
  const hits: string[] = []
  let inFlight = 0
  let maxInFlight = 0
  const routes: Record<string, Handler> = {
    '/ok': (_, res) => res.writeHead(200).end('ok'),
    '/missing': (_, res) => res.writeHead(404).end(),
    '/error': (_, res) => res.writeHead(500).end(),
    '/no-head': (req, res) => res.writeHead(req.method === 'HEAD' ? 405 : 200).end(),
    '/moved': (_, res) => res.writeHead(301, { location: '/moved-again' }).end(),
    '/moved-again': (_, res) => res.writeHead(308, { location: '/ok' }).end(),
    '/cloudflare': (_, res) =>
      res.writeHead(403, { server: 'cloudflare', 'cf-ray': '8abc-LHR', 'cf-mitigated': 'challenge' }).end(),
    '/akamai': (_, res) => res.writeHead(403, { server: 'AkamaiGHost' }).end(),
    '/forbidden': (_, res) => res.writeHead(403).end(),
    '/unauthorized': (_, res) => res.writeHead(401).end(),
    '/head-error': (req, res) => res.writeHead(req.method === 'HEAD' ? 500 : 200).end(),
    '/head-not-implemented': (req, res) => res.writeHead(req.method === 'HEAD' ? 501 : 200).end(),
    '/head-drops': (req, res) => (req.method === 'HEAD' ? req.socket.destroy() : res.writeHead(200).end()),
    '/rate-limited': (_, res) => res.writeHead(429).end(),
    '/linkedin': (_, res) => res.writeHead(999).end(),
    '/loop': (_, res) => res.writeHead(302, { location: '/loop' }).end(),
    '/to-private': (_, res) => res.writeHead(302, { location: 'http://192.168.1.1/' }).end(),
    '/hang': () => undefined,
    '/slow': (_, res) => {
      setTimeout(() => res.writeHead(200).end(), 30)
    },
  }
  let server: Server
  let host: string
  let closedPort: number
  const guard = createAddressGuard({ allowHosts: '127.0.0.1' })

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0] as string
      hits.push(`${req.method} ${req.url}`)
      inFlight += 1
      maxInFlight = Math.max(maxInFlight, inFlight)
      res.on('close', () => {
        inFlight -= 1
      })
      const route = routes[path] ?? routes['/missing']
      route?.(req, res)
    })
    host = await listen(server)
    const closed = createServer()
    await listen(closed)
    closedPort = (closed.address() as AddressInfo).port
    closed.close()
  })

  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })

  it('classifies answers, follows redirects and falls back to GET', async () => {
    const url = (path: string) => `http://${host}${path}`
    const results = await checkLinks(
      ['/ok', '/missing', '/error', '/no-head', '/moved', '/forbidden', '/unauthorized', '/loop'].map(url),
      { guard, siteHosts: [host] },
    )
    expect(results.get(url('/ok'))).toMatchObject({
      status: 200,
      statusClass: '2xx',
      isBroken: false,
      method: 'HEAD',
    })
    expect(results.get(url('/missing'))).toMatchObject({ status: 404, statusClass: '4xx', isBroken: true })
    expect(results.get(url('/error'))).toMatchObject({ status: 500, statusClass: '5xx', isBroken: true })
    expect(results.get(url('/no-head'))).toMatchObject({ status: 200, isBroken: false, method: 'GET' })
    expect(results.get(url('/moved'))).toMatchObject({
      status: 200,
      finalUrl: url('/ok'),
      redirectChain: [
        { url: url('/moved'), status: 301 },
        { url: url('/moved-again'), status: 308 },
      ],
    })
    // The site's own host refuses every visitor when it refuses us.
    expect(results.get(url('/forbidden'))).toMatchObject({ status: 403, isBroken: true, isUnverified: false })
    expect(results.get(url('/unauthorized'))).toMatchObject({ status: 401, isBroken: true })
    expect(results.get(url('/loop'))).toMatchObject({
      status: 906,
      statusClass: '9xx',
      error: 'TooManyRedirects',
      isBroken: true,
    })
    expect(results.get(url('/loop'))?.redirectChain).toHaveLength(11)
  })

  it('marks bot walls unverified, not broken', async () => {
    const walls = ['/cloudflare', '/akamai', '/rate-limited', '/linkedin'].map((p) => `http://${host}${p}`)
    const onSite = await checkLinks(walls, { guard, siteHosts: [host] })
    for (const url of walls) expect(onSite.get(url)).toMatchObject({ isBroken: false, isUnverified: true })
    // Another host's 401 and 403 are what bot walls and logins answer a crawler.
    const refusals = ['/forbidden', '/unauthorized'].map((p) => `http://${host}${p}`)
    const elsewhere = await checkLinks(refusals, { guard, siteHosts: ['example.com'] })
    for (const url of refusals)
      expect(elsewhere.get(url)).toMatchObject({ statusClass: '4xx', isBroken: false, isUnverified: true })
  })

  it('asks again with GET when HEAD is refused, fails or is dropped', async () => {
    const paths = ['/no-head', '/head-error', '/head-not-implemented', '/head-drops']
    const results = await checkLinks(
      paths.map((p) => `http://${host}${p}`),
      { guard },
    )
    for (const path of paths)
      expect(results.get(`http://${host}${path}`), path).toMatchObject({
        status: 200,
        method: 'GET',
        isBroken: false,
      })
  })

  it('checks each distinct URL once, fragments ignored, and answers for every URL given', async () => {
    hits.length = 0
    const urls = [`http://${host}/ok?once`, `http://${host}/ok?once#top`, `http://${host}/ok?once`]
    const results = await checkLinks(urls, { guard })
    expect(hits).toEqual(['GET /robots.txt', 'HEAD /ok?once'])
    expect([...results.keys()]).toEqual([urls[0], urls[1]])
    expect(results.get(urls[1] as string)?.url).toBe(urls[1])
  })

  it('keeps to the per-host limit', async () => {
    maxInFlight = 0
    const urls = Array.from({ length: 12 }, (_, i) => `http://${host}/slow?${i}`)
    const results = await checkLinks(urls, { guard, concurrency: 8, perHostConcurrency: 3 })
    expect([...results.values()].every((r) => r.status === 200)).toBe(true)
    expect(maxInFlight).toBe(3)
  })

  it('reports refused connections, timeouts, DNS failures, invalid URLs and blocked addresses', async () => {
    const dnsGuard = createAddressGuard({
      allowHosts: '127.0.0.1',
      resolve: async (name) => {
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
      },
    })
    const refused = `http://127.0.0.1:${closedPort}/`
    const hang = `http://${host}/hang`
    const results = await checkLinks([refused, hang, 'http://', 'mailto:someone@example.com', 'not a url'], {
      guard,
      timeoutMs: 300,
    })
    expect(results.get(refused)).toMatchObject({ status: 902, error: 'ConnectionRefused', isBroken: true })
    // No answer in time says nothing about the page: could not verify.
    expect(results.get(hang)).toMatchObject({
      status: 905,
      error: 'HttpTimeout',
      isBroken: false,
      isUnverified: true,
    })
    expect(results.get('http://')).toMatchObject({ status: 0, statusClass: '0', isBroken: true })
    expect(results.get('not a url')).toMatchObject({ status: 0, error: 'InvalidUrl', isBroken: true })
    expect(results.get('mailto:someone@example.com')).toMatchObject({
      status: 0,
      isBroken: false,
      isUnverified: true,
    })

    const dns = await checkLinks(['http://no-such-host.test/'], { guard: dnsGuard })
    expect(dns.get('http://no-such-host.test/')).toMatchObject({
      status: 901,
      error: 'DnsFailure',
      isBroken: true,
    })

    const blocked = await checkLinks([`http://${host}/to-private`, 'http://10.0.0.1/'], { guard })
    expect(blocked.get(`http://${host}/to-private`)).toMatchObject({
      status: 907,
      error: 'AddressBlocked',
      isBroken: false,
      isUnverified: true,
      redirectChain: [],
    })
    expect(blocked.get('http://10.0.0.1/')).toMatchObject({ status: 907, isUnverified: true })
  })

  it('measures: 200 distinct links on one local host', async () => {
    const urls = Array.from({ length: 200 }, (_, i) => `http://${host}/ok?n=${i}`)
    const started = performance.now()
    const results = await checkLinks(urls, { guard, concurrency: 8, perHostConcurrency: 8 })
    const elapsed = performance.now() - started
    expect(results.size).toBe(200)
    console.info(`checkLinks: 200 local links in ${elapsed.toFixed(0)} ms`)
  })
})

describe('checkLinks over TLS', () => {
  let dir: string
  let server: Server

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'canopy-tls-'))
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
      ],
      { cwd: dir, stdio: 'ignore' },
    )
  }, 20_000)

  afterAll(() => {
    server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('reports a self-signed certificate as CertificateError', async () => {
    server = createHttpsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_, res) => res.writeHead(200).end(),
    ) as unknown as Server
    const host = await listen(server)
    const url = `https://${host}/`
    const results = await checkLinks([url], { guard: createAddressGuard({ allowHosts: '127.0.0.1' }) })
    expect(results.get(url)).toMatchObject({
      status: 904,
      statusClass: '9xx',
      error: 'CertificateError',
      isBroken: true,
    })
  })
})

describe('link status helpers', () => {
  it('classifies status codes', () => {
    expect([0, 200, 301, 404, 503, 902].map(classifyStatus)).toEqual(['0', '2xx', '3xx', '4xx', '5xx', '9xx'])
  })

  it('takes a plain 401 or 403 for a bot wall on another host only, and a plain 503 never', () => {
    expect(isBotWall(403, new Headers({ server: 'nginx' }), true)).toBe(false)
    expect(isBotWall(401, new Headers(), true)).toBe(false)
    expect(isBotWall(403, new Headers({ server: 'nginx' }))).toBe(true)
    expect(isBotWall(403, new Headers({ 'cf-mitigated': 'challenge' }), true)).toBe(true)
    expect(isBotWall(503, new Headers({ server: 'nginx' }))).toBe(false)
    expect(isBotWall(503, new Headers({ 'cf-mitigated': 'challenge' }))).toBe(true)
    expect(isBotWall(404, new Headers({ 'cf-mitigated': 'challenge' }))).toBe(false)
  })
})
