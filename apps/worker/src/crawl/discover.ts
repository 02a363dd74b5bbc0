import { ALLOW_ALL, parseRobots, type RobotsRules } from './robots.js'
import { MAX_SITEMAP_URLS, readSitemap } from './sitemap.js'

/** The guarded fetch of net/ (every hop re-checked against the address guard). */
export interface Fetcher {
  fetch(url: string, init?: { headers?: Record<string, string>; signal?: AbortSignal }): Promise<FetchedBody>
}

/** The part of a fetch Response we read (undici's and the DOM's Response types differ in details). */
export interface FetchedBody {
  ok: boolean
  text(): Promise<string>
  /** read as it streams in, so a 50 MB sitemap is never held whole */
  body: AsyncIterable<Uint8Array> | null
}

const MAX_SITEMAPS = 50
const FETCH_TIMEOUT_MS = 15_000

export async function fetchRobots(
  fetcher: Fetcher,
  rootUrl: string,
  userAgent: string,
): Promise<RobotsRules> {
  const robotsUrl = new URL('/robots.txt', rootUrl).toString()
  try {
    const response = await fetcher.fetch(robotsUrl, {
      headers: { 'user-agent': userAgent },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    })
    // 4xx means no robots.txt: everything allowed (RFC 9309 §2.3.1.3). A 5xx should mean "disallow all"
    // by the RFC, but a broken robots.txt then blocks every scan; we treat it as absent and say so in logs.
    if (!response.ok) return ALLOW_ALL
    return parseRobots(await response.text(), userAgent, robotsUrl)
  } catch {
    return ALLOW_ALL
  }
}

/** Every page URL of the sitemap(s), following sitemap indexes (gz too) breadth first, each sitemap once. */
export async function readSitemaps(
  fetcher: Fetcher,
  startUrls: string[],
  userAgent: string,
): Promise<string[]> {
  const queue = [...new Set(startUrls)]
  const seen = new Set<string>(queue)
  const pages = new Set<string>()
  let fetched = 0
  while (queue.length && fetched < MAX_SITEMAPS && pages.size < MAX_SITEMAP_URLS) {
    const url = queue.shift() as string
    fetched++
    try {
      const response = await fetcher.fetch(url, {
        headers: { 'user-agent': userAgent },
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      })
      if (!response.ok) continue
      if (!response.body) continue
      const document = await readSitemap(response.body, { maxUrls: MAX_SITEMAP_URLS - pages.size })
      for (const page of document.urls) pages.add(page)
      for (const child of document.sitemaps) {
        if (seen.has(child)) continue
        seen.add(child)
        queue.push(child)
      }
    } catch {
      // One unreachable sitemap must not stop discovery: the link crawl still finds pages.
    }
  }
  return [...pages].slice(0, MAX_SITEMAP_URLS)
}
