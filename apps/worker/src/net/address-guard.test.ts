import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AddressBlockedError, createAddressGuard, TooManyRedirectsError } from './address-guard.js'
import { classifyAddress, parseAllowHosts } from './address-ranges.js'

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['fd00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['168.63.129.16', 'metadata'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a00:1', 'private'],
    ['::7f00:1', 'ipv4Compatible'],
    ['::a9fe:a9fe', 'ipv4Compatible'],
    ['::808:808', 'ipv4Compatible'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    ['93.184.216.34', 'unicast'],
    ['2606:4700:4700::1111', 'unicast'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected)
  })
})

describe('parseAllowHosts', () => {
  it('reads host names, domains, addresses and CIDRs of both families', () => {
    expect(
      parseAllowHosts(' intranet.example , .corp.example,*.lab.example,10.0.0.0/8, ::1 ,fd00::/8').map(
        (e) => e.kind,
      ),
    ).toEqual(['host', 'suffix', 'suffix', 'cidr', 'cidr', 'cidr'])
    expect(parseAllowHosts('')).toEqual([])
    expect(() => parseAllowHosts('not a host!')).toThrow()
  })
})

describe('assertAllowed', () => {
  const guard = createAddressGuard({
    resolve: async (hostname) => {
      if (hostname === 'public.test') return [{ address: '93.184.216.34', family: 4 }]
      if (hostname === 'mixed.test')
        return [
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.5', family: 4 },
        ]
      if (hostname === 'mapped.test') return [{ address: '::ffff:192.168.0.1', family: 6 }]
      if (hostname === 'scoped.test') return [{ address: 'fe80::1%eth0', family: 6 }]
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    },
  })

  it.each([
    'http://127.0.0.1:8080/',
    'http://[::1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::7f00:1]/',
    'http://0177.0.0.1/',
    'http://2130706433/', // the URL parser turns this into 127.0.0.1
    'http://0x7f.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://10.0.0.1/',
    'http://100.64.1.1/',
    'http://224.0.0.251/',
    'http://0.0.0.0/',
    'http://mixed.test/',
    'http://mapped.test/',
    'http://scoped.test/',
    'ftp://public.test/',
    'file:///etc/passwd',
  ])('refuses %s', async (url) => {
    await expect(guard.assertAllowed(url)).rejects.toBeInstanceOf(AddressBlockedError)
  })

  it('allows public addresses and names the one to connect to', async () => {
    await expect(guard.assertAllowed('https://public.test/x')).resolves.toMatchObject({
      address: { address: '93.184.216.34', family: 4 },
    })
    await expect(guard.assertAllowed('http://[2606:4700:4700::1111]/')).resolves.toBeDefined()
  })

  it('passes DNS failures through for the caller to report', async () => {
    await expect(guard.assertAllowed('http://nowhere.test/')).rejects.toMatchObject({ code: 'ENOTFOUND' })
  })

  it('resolves real names: localhost is refused', async () => {
    await expect(createAddressGuard().assertAllowed('http://localhost/')).rejects.toBeInstanceOf(
      AddressBlockedError,
    )
  })

  it('lets allow-listed hosts, domains, addresses and CIDRs through', async () => {
    const resolve = async () => [{ address: '10.0.0.5', family: 4 as const }]
    for (const allowHosts of ['intranet.test', '.test', '*.test', '10.0.0.5', '10.0.0.0/8']) {
      const allowing = createAddressGuard({ allowHosts, resolve })
      await expect(allowing.assertAllowed('http://intranet.test/')).resolves.toBeDefined()
    }
    const v6 = createAddressGuard({ allowHosts: 'fd00::/8' })
    await expect(v6.assertAllowed('http://[fd12::1]/')).resolves.toBeDefined()
    await expect(v6.assertAllowed('http://[fe80::1]/')).rejects.toBeInstanceOf(AddressBlockedError)
    const other = createAddressGuard({ allowHosts: 'other.test, 192.168.0.0/16', resolve })
    await expect(other.assertAllowed('http://intranet.test/')).rejects.toBeInstanceOf(AddressBlockedError)
  })
})

describe('guarded fetch', () => {
  let server: Server
  let port: number
  const requests: string[] = []

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(`${request.headers.host} ${request.url}`)
      const path = request.url ?? '/'
      if (path === '/a') response.writeHead(301, { location: '/b' }).end()
      else if (path === '/b') response.writeHead(302, { location: `http://127.0.0.1:${port}/ok` }).end()
      else if (path === '/to-private') response.writeHead(302, { location: 'http://10.0.0.1/admin' }).end()
      else if (path === '/to-loopback-name')
        response.writeHead(307, { location: `http://localhost:${port}/ok` }).end()
      else if (path === '/loop') response.writeHead(302, { location: '/loop' }).end()
      else response.writeHead(200, { 'content-type': 'text/plain' }).end(`hello ${path}`)
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    port = (server.address() as AddressInfo).port
  })

  afterAll(() => {
    server.close()
  })

  it('refuses a local server unless it is allow-listed, before sending anything', async () => {
    requests.length = 0
    await expect(createAddressGuard().fetch(`http://127.0.0.1:${port}/ok`)).rejects.toBeInstanceOf(
      AddressBlockedError,
    )
    expect(requests).toEqual([])
  })

  it('follows redirects manually and records each hop', async () => {
    const guard = createAddressGuard({ allowHosts: '127.0.0.1' })
    const result = await guard.fetchFollowingRedirects(`http://127.0.0.1:${port}/a`)
    expect(result.response.status).toBe(200)
    expect(await result.response.text()).toBe('hello /ok')
    expect(result.finalUrl).toBe(`http://127.0.0.1:${port}/ok`)
    expect(result.redirects).toEqual([
      { url: `http://127.0.0.1:${port}/a`, status: 301 },
      { url: `http://127.0.0.1:${port}/b`, status: 302 },
    ])
  })

  it('refuses a redirect to a private address without connecting to it', async () => {
    const guard = createAddressGuard({ allowHosts: '127.0.0.1' })
    const error = await guard.fetch(`http://127.0.0.1:${port}/to-private`).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AddressBlockedError)
    expect(error).toMatchObject({ address: '10.0.0.1', reason: 'private' })
  })

  it('refuses a redirect to a name that resolves to a blocked address', async () => {
    const guard = createAddressGuard({
      allowHosts: '127.0.0.1',
      resolve: async () => [{ address: '::1', family: 6 }],
    })
    await expect(guard.fetch(`http://127.0.0.1:${port}/to-loopback-name`)).rejects.toMatchObject({
      reason: 'loopback',
    })
  })

  it('connects to the checked address, never asking DNS again (no rebinding)', async () => {
    // A rebinding resolver: the first answer passes the check, any later one points elsewhere.
    let calls = 0
    const guard = createAddressGuard({
      allowHosts: '127.0.0.0/8',
      resolve: async () => {
        calls += 1
        return [{ address: calls === 1 ? '127.0.0.1' : '10.9.9.9', family: 4 }]
      },
    })
    requests.length = 0
    const response = await guard.fetch(`http://rebind.test:${port}/pinned`)
    expect(await response.text()).toBe('hello /pinned')
    expect(calls).toBe(1)
    expect(requests).toEqual([`rebind.test:${port} /pinned`])
  })

  it("abandons a DNS lookup that outlasts the caller's signal", async () => {
    const guard = createAddressGuard({ resolve: () => new Promise(() => undefined) })
    const error = await guard
      .fetch('http://slow-dns.test/', { signal: AbortSignal.timeout(50) })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'TimeoutError' })
  })

  it('gives up after the redirect limit', async () => {
    const guard = createAddressGuard({ allowHosts: '127.0.0.1' })
    const error = await guard
      .fetch(`http://127.0.0.1:${port}/loop`, { maxRedirects: 3 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TooManyRedirectsError)
    expect((error as TooManyRedirectsError).redirects).toHaveLength(4)
  })
})
