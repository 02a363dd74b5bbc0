import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AddressBlockedError, createAddressGuard } from '../../net/index.js'
import { measureDocumentSize } from './measure-document-size.js'

const BODY = Buffer.alloc(5000, 7)
const seen: { method: string; path: string; range: string | null }[] = []

/** Documents served in the ways servers get sizes wrong or right. */
function answer(request: IncomingMessage, response: ServerResponse) {
  const path = request.url ?? '/'
  seen.push({ method: request.method ?? '', path, range: request.headers.range ?? null })
  if (path === '/plain.docx') {
    response.writeHead(200, { 'content-length': BODY.length, 'content-type': 'application/octet-stream' })
    response.end(request.method === 'HEAD' ? undefined : BODY)
  } else if (path === '/no-head.xlsx') {
    if (request.method === 'HEAD') {
      response.writeHead(405).end()
      return
    }
    if (request.headers.range === 'bytes=0-0') {
      response.writeHead(206, { 'content-range': `bytes 0-0/${BODY.length}`, 'content-length': 1 })
      response.end(BODY.subarray(0, 1))
      return
    }
    response.writeHead(200, { 'content-length': BODY.length }).end(BODY)
  } else if (path === '/chunked.zip') {
    // No length anywhere and ranges ignored: only counting the body tells.
    response.writeHead(200, { 'transfer-encoding': 'chunked' })
    if (request.method === 'HEAD') {
      response.end()
      return
    }
    response.write(BODY.subarray(0, 3000))
    response.end(BODY.subarray(3000))
  } else if (path === '/redirect.pptx') {
    response.writeHead(301, { location: '/plain.docx' }).end()
  } else {
    response.writeHead(404, { 'content-length': 9 }).end('not found')
  }
}

let server: Server
let origin: string
const guard = createAddressGuard({ allowHosts: '127.0.0.1' })
const options = { guard, userAgent: 'CanopyBot/test', timeoutMs: 5000 }

beforeAll(async () => {
  server = createServer(answer)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.close()
  await once(server, 'close')
})

describe('measureDocumentSize', () => {
  it("takes a HEAD's Content-Length and downloads nothing", async () => {
    seen.length = 0
    expect(await measureDocumentSize(`${origin}/plain.docx`, options)).toBe(BODY.length)
    expect(seen.map((request) => request.method)).toEqual(['HEAD'])
  })

  it('asks for the first byte when HEAD is refused and reads the total of Content-Range', async () => {
    seen.length = 0
    expect(await measureDocumentSize(`${origin}/no-head.xlsx`, options)).toBe(BODY.length)
    expect(seen).toEqual([
      { method: 'HEAD', path: '/no-head.xlsx', range: null },
      { method: 'GET', path: '/no-head.xlsx', range: 'bytes=0-0' },
    ])
  })

  it('counts the body when no answer gives a length, and gives up past the cap', async () => {
    expect(await measureDocumentSize(`${origin}/chunked.zip`, options)).toBe(BODY.length)
    expect(await measureDocumentSize(`${origin}/chunked.zip`, { ...options, maxBytes: 4000 })).toBeNull()
  })

  it('follows redirects, and has no size for a document that is not there', async () => {
    expect(await measureDocumentSize(`${origin}/redirect.pptx`, options)).toBe(BODY.length)
    expect(await measureDocumentSize(`${origin}/missing.mp3`, options)).toBeNull()
  })

  it('goes through the address guard', async () => {
    const strict = createAddressGuard({ allowHosts: '' })
    await expect(
      measureDocumentSize(`${origin}/plain.docx`, { ...options, guard: strict }),
    ).rejects.toBeInstanceOf(AddressBlockedError)
  })
})
