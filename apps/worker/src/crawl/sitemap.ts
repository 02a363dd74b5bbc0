import { gunzipSync } from 'node:zlib'

export interface SitemapDocument {
  /** page URLs of a urlset */
  urls: string[]
  /** child sitemaps of a sitemap index */
  sitemaps: string[]
}

/** A sitemap body (plain or gzip, detected by its magic bytes, since servers label .gz files inconsistently). */
export function decodeSitemapBody(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes)
  if (buffer.length > 2 && buffer[0] === 0x1f && buffer[1] === 0x8b)
    return gunzipSync(buffer).toString('utf8')
  return buffer.toString('utf8')
}

function decodeEntities(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .trim()
}

/** <urlset> or <sitemapindex>, namespace prefixes tolerated; a text file of one URL a line also counts. */
export function parseSitemap(text: string): SitemapDocument {
  const isIndex = /<(?:\w+:)?sitemapindex[\s>]/i.test(text)
  const locs = [...text.matchAll(/<(?:\w+:)?loc>([\s\S]*?)<\/(?:\w+:)?loc>/gi)].map((match) =>
    decodeEntities(match[1] ?? ''),
  )
  if (!/<(?:\w+:)?(urlset|sitemapindex)[\s>]/i.test(text)) {
    const lines = text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => /^https?:\/\//i.test(line))
    return { urls: lines, sitemaps: [] }
  }
  return isIndex ? { urls: [], sitemaps: locs } : { urls: locs, sitemaps: [] }
}
