import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A generated site of `pages` small pages, served locally for the scale and memory benches: `/` and `/p/1` …
 * `/p/<pages - 1>`, each linking to a handful of others (its two children in a binary tree, so every page is
 * reachable by links alone, its neighbour, one far page and the root), plus robots.txt and a sitemap listing
 * every page (`withSitemap`), so a scan admits them all at once. Every page load by a browser is counted per
 * path and per User-Agent: the benches give each worker process its own SCAN_USER_AGENT, so the site itself
 * tells which worker loaded which page and how often, whatever the database says.
 */
export interface SyntheticSite {
  url: string
  /** page path → user agents of each load, in order */
  loads: Map<string, string[]>
  /** every page path the site serves */
  paths: string[]
  close(): Promise<void>
}

export interface SyntheticSiteOptions {
  pages: number
  /** serve /sitemap.xml listing every page (default true) */
  withSitemap?: boolean
  /** ms to wait before each page's answer (default 0) */
  delayMs?: number
}

function pathOf(index: number): string {
  return index === 0 ? '/' : `/p/${index}`
}

function linksOf(index: number, pages: number): number[] {
  const targets = [2 * index + 1, 2 * index + 2, index + 1, (index * 7919 + 13) % pages, 0]
  return [...new Set(targets.filter((target) => target < pages && target !== index))]
}

function renderPage(index: number, pages: number): string {
  const title = index === 0 ? 'Synthetic site' : `Synthetic page ${index}`
  const links = linksOf(index, pages)
    .map((target) => `<li><a href="${pathOf(target)}">${target === 0 ? 'Home' : `Page ${target}`}</a></li>`)
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${title} of a generated site used to measure the scanner.">
</head>
<body>
<main>
<h1>${title}</h1>
<p>This page was generated for a benchmark. It holds a short paragraph of plain English text, a few links to
other pages of the same site and nothing else, so that the scanner's own work is what gets measured.</p>
<nav aria-label="Other pages"><ul>
${links}
</ul></nav>
</main>
</body>
</html>
`
}

function renderSitemap(origin: string, pages: number): string {
  const entries = Array.from(
    { length: pages },
    (_, index) => `<url><loc>${origin}${pathOf(index)}</loc></url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`
}

/** The page index of a path this site serves, or null. */
function indexOfPath(path: string, pages: number): number | null {
  if (path === '/') return 0
  const match = /^\/p\/(\d+)$/.exec(path)
  const index = match ? Number(match[1]) : Number.NaN
  return Number.isInteger(index) && index > 0 && index < pages ? index : null
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) })
  response.end(body)
}

export async function startSyntheticSite(options: SyntheticSiteOptions): Promise<SyntheticSite> {
  const { pages, withSitemap = true, delayMs = 0 } = options
  const loads = new Map<string, string[]>()
  let origin = ''
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname
    if (path === '/robots.txt') return send(response, 200, 'text/plain', `User-agent: *\nAllow: /\n`)
    if (path === '/sitemap.xml' && withSitemap)
      return send(response, 200, 'application/xml', renderSitemap(origin, pages))
    const index = indexOfPath(path, pages)
    if (index === null) return send(response, 404, 'text/plain', 'not found')
    // Only a browser's navigation counts (Chromium marks it; the root check and the link checker do not).
    const navigation =
      request.headers['sec-fetch-dest'] === 'document' || request.headers['upgrade-insecure-requests'] === '1'
    if (request.method === 'GET' && navigation) {
      const agents = loads.get(path) ?? []
      agents.push(request.headers['user-agent'] ?? '')
      loads.set(path, agents)
    }
    const answer = () => send(response, 200, 'text/html; charset=utf-8', renderPage(index, pages))
    if (delayMs > 0) setTimeout(answer, delayMs)
    else answer()
  }
  const server = createServer(handle)
  server.keepAliveTimeout = 1_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${origin}/`,
    loads,
    paths: Array.from({ length: pages }, (_, index) => pathOf(index)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
