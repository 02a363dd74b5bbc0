import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAddressGuard } from '../net/index.js'
import { readSitemaps } from './discover.js'
import { readSitemap } from './sitemap.js'
import { generateUrlset, sitemapIndex } from './sitemap-fixtures.js'

const URLSET =
  '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.com/a?x=1&amp;y=2</loc></url><url><loc> https://e.com/b </loc><lastmod>2026-01-01</lastmod></url><url><loc><![CDATA[https://e.com/c]]></loc></url></urlset>'

/** The bytes of `text` cut into chunks of `size`, so a token may fall across two chunks. */
function* chunked(bytes: Buffer, size: number): Generator<Buffer> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size)
}

describe('readSitemap', () => {
  it('reads a urlset with entities, CDATA and surrounding blanks', async () => {
    expect(await readSitemap(URLSET)).toEqual({
      urls: ['https://e.com/a?x=1&y=2', 'https://e.com/b', 'https://e.com/c'],
      sitemaps: [],
    })
  })

  it('reads a sitemap index, namespace prefixes tolerated', async () => {
    const prefixed =
      '<s:sitemapindex xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9"><s:sitemap><s:loc>https://e.com/s1.xml.gz</s:loc></s:sitemap></s:sitemapindex>'
    expect(await readSitemap(sitemapIndex(['https://e.com/s1.xml', 'https://e.com/s2.xml']))).toEqual({
      urls: [],
      sitemaps: ['https://e.com/s1.xml', 'https://e.com/s2.xml'],
    })
    expect(await readSitemap(prefixed)).toEqual({ urls: [], sitemaps: ['https://e.com/s1.xml.gz'] })
  })

  it('inflates gzip, whole or in small chunks, and reads chunks split inside tokens', async () => {
    const expected = await readSitemap(URLSET)
    expect(await readSitemap(gzipSync(URLSET))).toEqual(expected)
    expect(await readSitemap(Readable.from(chunked(gzipSync(URLSET), 7)))).toEqual(expected)
    expect(await readSitemap(Readable.from(chunked(Buffer.from(URLSET), 5)))).toEqual(expected)
  })

  it('reads a plain-text sitemap, one URL a line', async () => {
    expect(await readSitemap('https://e.com/a\r\n\nnot a url\nhttp://e.com/b\n')).toEqual({
      urls: ['https://e.com/a', 'http://e.com/b'],
      sitemaps: [],
    })
  })

  it('keeps the other URLs of a file with a stray ampersand', async () => {
    const sloppy = URLSET.replace('x=1&amp;y=2', 'x=1&y=2')
    expect((await readSitemap(sloppy)).urls).toContain('https://e.com/b')
  })

  it('ignores <loc> outside <url> and <sitemap>, and what is not a sitemap', async () => {
    expect(await readSitemap('<urlset><image><loc>https://e.com/i.png</loc></image></urlset>')).toEqual({
      urls: [],
      sitemaps: [],
    })
    expect(await readSitemap('<html><body>Not found</body></html>')).toEqual({ urls: [], sitemaps: [] })
  })

  it('reads 50,000 URLs of a gzip sitemap as it streams, within modest memory', async () => {
    const gzipped = gzipSync(Buffer.concat([...generateUrlset(50_000)]))
    const heapBefore = process.memoryUsage().heapUsed
    const document = await readSitemap(Readable.from(chunked(gzipped, 16 * 1024)))
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore
    expect(document.urls).toHaveLength(50_000)
    expect(document.urls[49_999]).toBe('https://example.com/news/article-49999?ref=sitemap&page=49999')
    // The body inflates to about 7 MB; the 50,000 URLs kept take a few MB more. A reader holding the body,
    // its string and a tree would need several times that.
    expect(heapGrowth).toBeLessThan(96 * 1024 * 1024)
  })

  it('stops reading at maxUrls without consuming the rest of the stream', async () => {
    let chunksRead = 0
    const source = (function* () {
      for (const chunk of generateUrlset(100_000)) {
        chunksRead += 1
        yield chunk
      }
    })()
    const document = await readSitemap(Readable.from(source), { maxUrls: 1_000 })
    expect(document.urls).toHaveLength(1_000)
    expect(chunksRead).toBeLessThan(10)
  })
})

describe('readSitemaps over HTTP', () => {
  let server: Server
  let origin: string
  const requests: string[] = []

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(request.url ?? '')
      const bodies: Record<string, Buffer | string> = {
        '/sitemap.xml': sitemapIndex([
          `${origin}/missing.xml`,
          `${origin}/news.xml`,
          `${origin}/pages.xml.gz`,
        ]),
        '/pages.xml.gz': gzipSync(Buffer.concat([...generateUrlset(50_000, origin)])),
        '/news.xml': sitemapIndex([`${origin}/sitemap.xml`]),
      }
      const body = bodies[request.url ?? '']
      if (body === undefined) response.writeHead(404).end()
      else response.writeHead(200, { 'content-type': 'application/xml' }).end(body)
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(() => {
    server.close()
  })

  it('follows an index to a gzip child, each sitemap once, up to 50,000 pages', async () => {
    const guard = createAddressGuard({ allowHosts: '127.0.0.1' })
    const pages = await readSitemaps(guard, [`${origin}/sitemap.xml`], 'CanopyBot/1.0')
    expect(pages).toHaveLength(50_000)
    expect(pages[0]).toBe(`${origin}/news/article-0?ref=sitemap&page=0`)
    expect(requests.filter((path) => path === '/sitemap.xml')).toHaveLength(1)
  })
})
