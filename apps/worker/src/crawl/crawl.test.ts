import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { hashUrl, normalizeUrl } from './normalize-url.js'
import { parseRobots } from './robots.js'
import { couldBeInSection, isInSection, type SectionConditionRule } from './section-rules.js'
import { decodeSitemapBody, parseSitemap } from './sitemap.js'

describe('normalizeUrl', () => {
  it('strips fragments, default ports and tracking parameters, keeps the trailing slash, sorts the query', () => {
    expect(normalizeUrl('https://example.com/news')).toBe('https://example.com/news')
    expect(normalizeUrl('https://example.com')).toBe('https://example.com/')
    expect(normalizeUrl('HTTP://Example.COM:80/a/b/?utm_source=x&z=1&a=2#top')).toBe(
      'http://example.com/a/b/?a=2&z=1',
    )
    expect(normalizeUrl('https://example.com:443/')).toBe('https://example.com/')
    expect(normalizeUrl('../c', 'https://example.com/a/b/')).toBe('https://example.com/a/c')
    expect(normalizeUrl('mailto:someone@example.com')).toBeNull()
    expect(normalizeUrl('javascript:void(0)')).toBeNull()
    expect(hashUrl('https://example.com/')).toHaveLength(32)
  })
})

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
    'CanopyBot/1.0 (+https://github.com/canopy)',
  )
  it('applies the longest matching rule of our group and keeps the crawl delay', () => {
    expect(robots.isAllowed('https://example.com/private/x')).toBe(false)
    expect(robots.isAllowed('https://example.com/private/open/x')).toBe(true)
    expect(robots.isAllowed('https://example.com/public')).toBe(true)
    expect(robots.crawlDelayMs).toBe(2000)
    expect(robots.sitemaps).toEqual(['https://example.com/s.xml'])
  })
  it('prefers a group naming our bot and supports wildcards', () => {
    const specific = parseRobots(
      'User-agent: *\nDisallow: /\n\nUser-agent: canopybot\nDisallow: /*.pdf$\n',
      'CanopyBot/1.0',
    )
    expect(specific.isAllowed('https://example.com/a')).toBe(true)
    expect(specific.isAllowed('https://example.com/a.pdf')).toBe(false)
    expect(specific.isAllowed('https://example.com/a.pdf?x')).toBe(true)
  })
})

describe('parseSitemap', () => {
  it('reads url sets, sitemap indexes and gzip bodies', () => {
    const urlset =
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.com/a?x=1&amp;y=2</loc></url><url><loc> https://e.com/b </loc></url></urlset>'
    expect(parseSitemap(urlset)).toEqual({
      urls: ['https://e.com/a?x=1&y=2', 'https://e.com/b'],
      sitemaps: [],
    })
    const index = '<sitemapindex><sitemap><loc>https://e.com/s1.xml.gz</loc></sitemap></sitemapindex>'
    expect(parseSitemap(index)).toEqual({ urls: [], sitemaps: ['https://e.com/s1.xml.gz'] })
    expect(decodeSitemapBody(gzipSync(Buffer.from(urlset)))).toBe(urlset)
  })
})

describe('section rules', () => {
  const rule = (partial: Partial<SectionConditionRule>): SectionConditionRule => ({
    matchType: 'Includes',
    source: 'Path',
    operator: 'StartsWith',
    name: null,
    value: '/blog',
    ...partial,
  })
  const page = { url: 'https://e.com/blog/post-1', author: 'Ada Lovelace', metaTags: { category: 'News' } }
  it('matches every source and operator', () => {
    expect(isInSection([rule({})], page)).toBe(true)
    expect(isInSection([rule({ operator: 'EndsWith', value: 'post-1' })], page)).toBe(true)
    expect(isInSection([rule({ operator: 'Contains', value: 'post' })], page)).toBe(true)
    expect(isInSection([rule({ operator: 'Equals', value: '/blog/post-1' })], page)).toBe(true)
    expect(isInSection([rule({ operator: 'Regex', value: '^/blog/post-\\d+$' })], page)).toBe(true)
    expect(isInSection([rule({ source: 'Author', operator: 'Contains', value: 'lovelace' })], page)).toBe(
      true,
    )
    expect(
      isInSection([rule({ source: 'Metatag', name: 'category', operator: 'Equals', value: 'news' })], page),
    ).toBe(true)
    expect(
      isInSection([rule({}), rule({ matchType: 'Excludes', operator: 'Contains', value: 'post-1' })], page),
    ).toBe(false)
    expect(isInSection([], page)).toBe(false)
    expect(isInSection([rule({ operator: 'Regex', value: '(' })], page)).toBe(false)
  })
  it('narrows the crawl only by path rules', () => {
    expect(couldBeInSection([rule({})], 'https://e.com/about')).toBe(false)
    expect(couldBeInSection([rule({}), rule({ source: 'Author', value: 'x' })], 'https://e.com/about')).toBe(
      true,
    )
  })
})
