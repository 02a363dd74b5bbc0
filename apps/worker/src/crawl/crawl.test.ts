import { describe, expect, it } from 'vitest'
import { hashUrl, normalizeUrl } from './normalize-url.js'
import { couldBeInSection, isInSection, type SectionConditionRule } from './section-rules.js'

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
