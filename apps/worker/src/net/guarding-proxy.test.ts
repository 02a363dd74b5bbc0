import http from 'node:http'
import type net from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createAddressGuard, type ResolvedAddress } from './address-guard.js'
import { type GuardingProxy, startGuardingProxy } from './guarding-proxy.js'

// Two real servers: an allowed one on 127.0.0.1 (the allow-list names that address, as for a test site) and
// an "internal" one on 127.0.0.2, a loopback address the guard refuses. The internal one counts connections:
// a refused request must never reach it.

interface CountingServer {
  server: http.Server
  port: number
  connections: number
}

async function listen(host: string): Promise<CountingServer> {
  const counting: CountingServer = { server: http.createServer(), port: 0, connections: 0 }
  counting.server.on('connection', () => {
    counting.connections++
  })
  counting.server.on('request', (request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/plain', 'x-seen-host': request.headers.host ?? '' })
      response.end(`${request.method} ${request.url} ${body} via ${host}`)
    })
  })
  await new Promise<void>((resolve) => counting.server.listen(0, host, resolve))
  counting.port = (counting.server.address() as net.AddressInfo).port
  return counting
}

/** One request through the proxy in absolute form, as a browser sends plain HTTP to its proxy. */
function viaProxy(proxy: GuardingProxy, url: string, init: { method?: string; body?: string } = {}) {
  const { port } = new URL(proxy.url)
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: init.method ?? 'GET',
          path: url,
          headers: { host: URL.canParse(url) ? new URL(url).host : 'x' },
        },
        (response) => {
          let body = ''
          response.on('data', (chunk) => {
            body += chunk
          })
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
          )
        },
      )
      request.on('error', reject)
      request.end(init.body)
    },
  )
}

/** A CONNECT through the proxy; answers its status line, and the tunnel's socket when it opened. */
function connectVia(proxy: GuardingProxy, authority: string) {
  const { port } = new URL(proxy.url)
  return new Promise<{ statusLine: string; socket: net.Socket }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: 'CONNECT', path: authority })
    request.on('connect', (response, socket) => {
      resolve({ statusLine: `${response.statusCode}`, socket })
    })
    request.on('error', reject)
    request.end()
  })
}

let allowed: CountingServer
let internal: CountingServer
let proxy: GuardingProxy | undefined

beforeAll(async () => {
  allowed = await listen('127.0.0.1')
  internal = await listen('127.0.0.2')
})
afterEach(async () => {
  await proxy?.close()
  proxy = undefined
  internal.connections = 0
})
afterAll(async () => {
  allowed.server.close()
  internal.server.close()
})

const guardAllowing127001 = (resolve?: (host: string) => Promise<ResolvedAddress[]>) =>
  createAddressGuard({ allowHosts: '127.0.0.1', resolve })

describe('the guarding proxy', () => {
  it('forwards an allowed plain-HTTP request with its method, body and Host', async () => {
    proxy = await startGuardingProxy(guardAllowing127001())
    const answer = await viaProxy(proxy, `http://127.0.0.1:${allowed.port}/form?a=1`, {
      method: 'POST',
      body: 'x=2',
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toBe('POST /form?a=1 x=2 via 127.0.0.1')
    expect(answer.headers['x-seen-host']).toBe(`127.0.0.1:${allowed.port}`)
    expect(proxy.blocked()).toEqual([])
  })

  it('refuses a request to an internal address with 403, records it, and never connects', async () => {
    proxy = await startGuardingProxy(guardAllowing127001())
    for (const host of ['127.0.0.2', '[::7f00:2]', '2130706434', '0177.0.0.2']) {
      const answer = await viaProxy(proxy, `http://${host}:${internal.port}/secret`)
      expect(answer.status, host).toBe(403)
    }
    expect(internal.connections).toBe(0)
    const blocked = proxy.blocked()
    expect(blocked.map((entry) => entry.url)).toContain(`http://127.0.0.2:${internal.port}/secret`)
    expect(blocked.map((entry) => entry.reason)).toContain('127.0.0.2 is loopback')
  })

  it('opens a tunnel to an allowed host, and refuses one to an internal address', async () => {
    proxy = await startGuardingProxy(guardAllowing127001())
    const open = await connectVia(proxy, `127.0.0.1:${allowed.port}`)
    expect(open.statusLine).toBe('200')
    open.socket.write(`GET /through HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
    const reply = await new Promise<string>((resolve) => {
      let text = ''
      open.socket.on('data', (chunk) => {
        text += chunk
      })
      open.socket.on('end', () => resolve(text))
    })
    expect(reply).toContain('GET /through  via 127.0.0.1')

    const refused = await connectVia(proxy, `127.0.0.2:${internal.port}`)
    expect(refused.statusLine).toBe('403')
    refused.socket.destroy()
    expect(internal.connections).toBe(0)
    expect(proxy.blocked()).toContainEqual({
      url: `https://127.0.0.2:${internal.port}`,
      reason: '127.0.0.2 is loopback',
    })
  })

  it('pins a name to the address it checked: a second, rebinding answer is never used', async () => {
    let lookups = 0
    const rebinding = async (host: string): Promise<ResolvedAddress[]> => {
      expect(host).toBe('rebind.test')
      lookups++
      return [{ address: lookups === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }]
    }
    proxy = await startGuardingProxy(guardAllowing127001(rebinding))
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await viaProxy(proxy, `http://rebind.test:${allowed.port}/`)
      expect(answer.body).toContain('via 127.0.0.1')
    }
    expect(lookups).toBe(1)
    expect(internal.connections).toBe(0)
  })

  it('refuses a name that resolves to an internal address', async () => {
    proxy = await startGuardingProxy(guardAllowing127001(async () => [{ address: '127.0.0.2', family: 4 }]))
    const answer = await viaProxy(proxy, `http://internal.test:${internal.port}/`)
    expect(answer.status).toBe(403)
    expect(internal.connections).toBe(0)
  })

  it("answers 502 naming Chromium's error for a site it cannot reach, and remembers it for the page's failure", async () => {
    proxy = await startGuardingProxy(guardAllowing127001())
    const answer = await viaProxy(proxy, 'http://127.0.0.1:9/')
    expect(answer.status).toBe(502)
    expect(answer.headers['x-canopy-network-error']).toBe('ERR_CONNECTION_REFUSED')
    expect(proxy.networkErrorOf('http://127.0.0.1:9/')).toBe('ERR_CONNECTION_REFUSED')
    const tunnel = await connectVia(proxy, '127.0.0.1:9')
    tunnel.socket.destroy()
    expect(tunnel.statusLine).toBe('502')
    expect(proxy.networkErrorOf('https://127.0.0.1:9/some/page')).toBe('ERR_CONNECTION_REFUSED')
    expect(proxy.blocked()).toEqual([])
  })

  it('answers 400 to a request that is not in proxy form', async () => {
    proxy = await startGuardingProxy(guardAllowing127001())
    const answer = await viaProxy(proxy, '/relative')
    expect(answer.status).toBe(400)
  })
})
