import robotsParserModule from 'robots-parser'

// The package is CommonJS whose module.exports is the function, typed as an ES default export: the default
// import is the function at run time, and TypeScript is told so.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default

/**
 * robots.txt read by the kept library robots-parser (RFC 9309 matching: the group naming our bot, else '*';
 * the longest matching Allow/Disallow wins, Allow on a tie; '*' and '$' wildcards), wrapped in the small
 * interface the crawler and the link checker use.
 */
export interface RobotsRules {
  /** false only when a rule of our group disallows the URL; a URL of another origin is not governed here */
  isAllowed(url: string): boolean
  /** the group's Crawl-delay in milliseconds, at most MAX_CRAWL_DELAY_MS; null when none is given */
  crawlDelayMs: number | null
  sitemaps: string[]
}

/** A host asking for more than a minute between requests would stall a scan for hours: a minute at most. */
export const MAX_CRAWL_DELAY_MS = 60_000

/** Reads `text`, the robots.txt found at `robotsUrl`, for the bot named by `userAgent` (its token before '/'). */
export function parseRobots(text: string, userAgent: string, robotsUrl: string): RobotsRules {
  const robots = robotsParser(robotsUrl, text)
  const delaySeconds = robots.getCrawlDelay(userAgent)
  const crawlDelayMs =
    typeof delaySeconds === 'number' && Number.isFinite(delaySeconds) && delaySeconds >= 0
      ? Math.min(delaySeconds * 1000, MAX_CRAWL_DELAY_MS)
      : null
  return {
    sitemaps: robots.getSitemaps(),
    crawlDelayMs,
    isAllowed: (url) => robots.isAllowed(url, userAgent) !== false,
  }
}

export const ALLOW_ALL: RobotsRules = { isAllowed: () => true, crawlDelayMs: null, sitemaps: [] }
