import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { SaxesParser } from 'saxes'

/**
 * Sitemaps read by saxes, a kept streaming XML parser (the one jsdom uses): the body is parsed chunk by
 * chunk as it arrives, so memory holds the URLs kept, never the whole document or a tree of it. A sitemap
 * may hold 50,000 URLs in 50 MB; a tree-building parser such as fast-xml-parser would hold the body and its
 * tree at once. Gzip bodies are inflated by node:zlib on the way in, recognised by their magic bytes, since
 * servers label .xml.gz files inconsistently.
 */
export interface SitemapDocument {
  /** page URLs of a urlset (or of a plain-text sitemap, one URL a line) */
  urls: string[]
  /** child sitemaps of a sitemap index */
  sitemaps: string[]
}

export interface ReadSitemapOptions {
  /** URLs kept at most; the protocol allows 50,000 per file */
  maxUrls?: number
  /** decoded bytes read at most (the protocol allows 50 MB): a gzip bomb stops here */
  maxBytes?: number
}

export const MAX_SITEMAP_URLS = 50_000
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024

type Body = AsyncIterable<Uint8Array> | Uint8Array | string

function isGzip(chunk: Uint8Array): boolean {
  return chunk.length > 1 && chunk[0] === 0x1f && chunk[1] === 0x8b
}

async function* chunksOf(body: Body): AsyncGenerator<Uint8Array> {
  if (typeof body === 'string') yield Buffer.from(body)
  else if (body instanceof Uint8Array) yield body
  else yield* body
}

/** The body's chunks, inflated when the first bytes say gzip. */
async function* decodedChunks(body: Body): AsyncGenerator<Uint8Array> {
  const iterator = chunksOf(body)
  const first = await iterator.next()
  if (first.done) return
  async function* all(): AsyncGenerator<Uint8Array> {
    yield first.value
    yield* iterator
  }
  yield* isGzip(first.value) ? Readable.from(all()).pipe(createGunzip()) : all()
}

/** The element name without its namespace prefix: `<s:loc>` and `<loc>` are the same element. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1)

/** Collects the <loc> of each <url> (urlset) or <sitemap> (sitemap index) as the parser meets them. */
function createLocCollector(maxUrls: number) {
  const document: SitemapDocument = { urls: [], sitemaps: [] }
  let root: string | null = null
  let loc: string | null = null
  const parser = new SaxesParser()
  const stack: string[] = []
  parser.on('opentag', (tag) => {
    const name = localName(tag.name)
    root ??= name
    stack.push(name)
    if (name === 'loc') loc = ''
  })
  const onText = (text: string) => {
    if (loc !== null) loc += text
  }
  parser.on('text', onText)
  parser.on('cdata', onText)
  parser.on('closetag', () => {
    const name = stack.pop()
    if (name !== 'loc' || loc === null) return
    const value = loc.trim()
    const parent = stack.at(-1)
    loc = null
    if (!value) return
    if (root === 'sitemapindex' && parent === 'sitemap') document.sitemaps.push(value)
    else if (root === 'urlset' && parent === 'url' && document.urls.length < maxUrls)
      document.urls.push(value)
  })
  // A stray '&' or unknown entity in one <loc> must not lose the rest of the file: saxes reports the error
  // and carries on when a handler takes it.
  parser.on('error', () => undefined)
  return { parser, document, isFull: () => document.urls.length >= maxUrls }
}

/** A text sitemap: one absolute http(s) URL a line. */
function readTextLines(text: string, maxUrls: number): SitemapDocument {
  const urls = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => /^https?:\/\//i.test(line))
  return { urls: urls.slice(0, maxUrls), sitemaps: [] }
}

const STRAY_AMPERSAND = /&(?!(?:[A-Za-z][\w.-]*|#\d+|#x[\dA-Fa-f]+);)/g
/** an '&' near the end of a chunk whose entity may end in the next one */
const OPEN_ENTITY_AT_END = /&[\w#.-]{0,10}$/

/**
 * Sitemaps written by hand or by naive generators often carry a raw '&' in a URL, which a strict XML parser
 * reads as an entity that swallows the rest of the file: such an '&' is escaped before parsing. An '&' at a
 * chunk's end waits for the next chunk, where its entity may end.
 */
function createAmpersandEscaper() {
  let held = ''
  return {
    push(text: string): string {
      const joined = held + text
      const open = OPEN_ENTITY_AT_END.exec(joined)
      held = open ? open[0] : ''
      const ready = open ? joined.slice(0, open.index) : joined
      return ready.replace(STRAY_AMPERSAND, '&amp;')
    },
    flush: () => held.replace(STRAY_AMPERSAND, '&amp;'),
  }
}

/**
 * Reads a sitemap body as it streams in: a <urlset>, a <sitemapindex> (namespace prefixes tolerated) or a
 * plain-text sitemap; plain or gzip. Stops at `maxUrls` URLs or `maxBytes` decoded bytes, keeping what it read.
 */
export async function readSitemap(body: Body, options: ReadSitemapOptions = {}): Promise<SitemapDocument> {
  const maxUrls = options.maxUrls ?? MAX_SITEMAP_URLS
  const maxBytes = options.maxBytes ?? MAX_SITEMAP_BYTES
  const decoder = new TextDecoder('utf-8')
  const collector = createLocCollector(maxUrls)
  const escaper = createAmpersandEscaper()
  let isXml: boolean | null = null
  let plainText = ''
  let bytes = 0
  for await (const chunk of decodedChunks(body)) {
    bytes += chunk.length
    const text = decoder.decode(chunk, { stream: true })
    isXml ??= text.trimStart() === '' ? null : text.trimStart().startsWith('<')
    if (isXml === false) plainText += text
    else collector.parser.write(escaper.push(text))
    if (bytes >= maxBytes || collector.isFull()) break
  }
  if (isXml === false) return readTextLines(plainText + decoder.decode(), maxUrls)
  collector.parser.write(escaper.flush())
  return collector.document
}
