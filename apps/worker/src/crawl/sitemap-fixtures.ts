/** Generated sitemaps for the sitemap reader's tests and bench: `count` URLs, streamed in chunks. */
export function* generateUrlset(count: number, origin = 'https://example.com'): Generator<Buffer> {
  yield Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  )
  const perChunk = 500
  for (let start = 0; start < count; start += perChunk) {
    let chunk = ''
    for (let n = start; n < Math.min(start + perChunk, count); n += 1) {
      chunk += `<url><loc>${origin}/news/article-${n}?ref=sitemap&amp;page=${n}</loc><lastmod>2026-03-02</lastmod><changefreq>weekly</changefreq></url>\n`
    }
    yield Buffer.from(chunk)
  }
  yield Buffer.from('</urlset>\n')
}

export function sitemapIndex(locs: string[]): string {
  const entries = locs.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`).join('')
  return `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`
}
