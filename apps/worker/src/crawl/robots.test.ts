import { describe, expect, it } from 'vitest'
import { MAX_CRAWL_DELAY_MS, parseRobots } from './robots.js'

const BOT = 'CanopyBot/1.0 (+https://github.com/canopy)'
const ROBOTS_URL = 'https://example.com/robots.txt'

describe('parseRobots', () => {
  const robots = parseRobots(
    [
      'User-agent: *',
      'Disallow: /private',
      'Allow: /private/open',
      'Crawl-delay: 2',
      '',
      'User-agent: OtherBot',
      'Disallow: /',
      'Sitemap: https://example.com/s.xml',
    ].join('\n'),
    BOT,
    ROBOTS_URL,
  )

  it('applies the longest matching rule of our group and keeps the crawl delay and sitemaps', () => {
    expect(robots.isAllowed('https://example.com/private/x')).toBe(false)
    expect(robots.isAllowed('https://example.com/private/open/x')).toBe(true)
    expect(robots.isAllowed('https://example.com/public')).toBe(true)
    expect(robots.crawlDelayMs).toBe(2000)
    expect(robots.sitemaps).toEqual(['https://example.com/s.xml'])
  })

  it('leaves URLs of another origin to that origin’s robots.txt', () => {
    expect(robots.isAllowed('https://other.example/private/x')).toBe(true)
    expect(robots.isAllowed('http://example.com/private/x')).toBe(true)
  })

  it('prefers a group naming our bot, with its own crawl delay, and supports wildcards', () => {
    const specific = parseRobots(
      'User-agent: *\nDisallow: /\nCrawl-delay: 10\n\nUser-agent: canopybot\nDisallow: /*.pdf$\nCrawl-delay: 0.5\n',
      BOT,
      ROBOTS_URL,
    )
    expect(specific.isAllowed('https://example.com/a')).toBe(true)
    expect(specific.isAllowed('https://example.com/a.pdf')).toBe(false)
    expect(specific.isAllowed('https://example.com/a.pdf?x')).toBe(true)
    expect(specific.crawlDelayMs).toBe(500)
  })

  it('caps a crawl delay at a minute and ignores one that is not a number', () => {
    expect(parseRobots('User-agent: *\nCrawl-delay: 3600\n', BOT, ROBOTS_URL).crawlDelayMs).toBe(
      MAX_CRAWL_DELAY_MS,
    )
    expect(parseRobots('User-agent: *\nCrawl-delay: soon\n', BOT, ROBOTS_URL).crawlDelayMs).toBeNull()
    expect(parseRobots('', BOT, ROBOTS_URL).crawlDelayMs).toBeNull()
  })

  it('allows everything with an empty Disallow and nothing with Disallow: /', () => {
    expect(
      parseRobots('User-agent: *\nDisallow:\n', BOT, ROBOTS_URL).isAllowed('https://example.com/x'),
    ).toBe(true)
    expect(
      parseRobots('User-agent: *\nDisallow: /\n', BOT, ROBOTS_URL).isAllowed('https://example.com/x'),
    ).toBe(false)
  })
})
