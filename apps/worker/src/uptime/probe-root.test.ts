import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAddressGuard } from '../net/index.js'
import { isUpStatus, probeRoot } from './probe-root.js'

const OPTIONS = { timeoutMs: 500, userAgent: 'CanopyBot/test' }
let server: Server
let origin: string

beforeAll(async () => {
  server = createServer((request, response) => {
    const status = Number(request.url?.slice(1)) || 200
    if (request.url === '/hang') return
    if (request.url === '/moved') {
      response.writeHead(301, { location: '/' }).end()
      return
    }
    response.writeHead(status, { 'content-type': 'text/plain' }).end('x'.repeat(10_000))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('isUpStatus', () => {
  it.each([
    [200, true],
    [304, true],
    [401, true],
    [403, true],
    [429, true],
    [404, false],
    [410, false],
    [500, false],
    [503, false],
  ])('%i is up: %s', (status, up) => {
    expect(isUpStatus(status)).toBe(up)
  })
})

describe('probeRoot', () => {
  const guard = createAddressGuard({ allowHosts: '127.0.0.1' })

  it('is up with the final status and a response time, redirects followed', async () => {
    const probe = await probeRoot(guard, `${origin}/moved`, OPTIONS)
    expect(probe).toMatchObject({ up: true, statusCode: 200, error: null })
    expect(probe.responseTimeMs).toBeGreaterThanOrEqual(0)
  })

  it('is down on a 5xx, naming the status', async () => {
    expect(await probeRoot(guard, `${origin}/503`, OPTIONS)).toMatchObject({
      up: false,
      statusCode: 503,
      error: 'HTTP 503',
    })
  })

  it('is down without an answer within the timeout', async () => {
    expect(await probeRoot(guard, `${origin}/hang`, OPTIONS)).toEqual({
      up: false,
      statusCode: null,
      responseTimeMs: null,
      error: 'No answer within 0.5 s',
    })
  })

  it('is down when the connection is refused', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    expect(await probeRoot(guard, `http://127.0.0.1:${port}/`, OPTIONS)).toMatchObject({
      up: false,
      error: 'Connection refused',
    })
  })

  it('is down when the network policy refuses the address, and never connects to it', async () => {
    const strict = createAddressGuard()
    const probe = await probeRoot(strict, `${origin}/`, OPTIONS)
    expect(probe.up).toBe(false)
    expect(probe.error).toMatch(/Blocked by the network policy/)
  })
})
