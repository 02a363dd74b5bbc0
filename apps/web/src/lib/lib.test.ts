import { describe, expect, it } from 'vitest'
import { makeFeatureFlagList } from '@/testing/fixtures'
import {
  clearActiveSiteIfMatches,
  readActiveSection,
  readActiveSite,
  setActiveSection,
  setActiveSite,
} from './active-site'
import { isBrowserSupported } from './browser-support'
import {
  type FeatureFlag,
  type FeatureFlagState,
  isFeatureFlagActive,
  parseFeatureFlags,
} from './feature-flags'
import { parseSitePath, sitePath, switchSectionInUrl } from './site-paths'
import { compareVersions, isVersionAtLeast } from './version'

describe('site paths', () => {
  it('builds and parses site and section paths', () => {
    expect(sitePath('demo')).toBe('/site/demo')
    expect(sitePath('demo', 'news', 'seo/pages')).toBe('/site/demo/section/news/seo/pages')
    expect(parseSitePath('/site/demo/section/news/seo/pages/')).toEqual({
      siteSlug: 'demo',
      sectionSlug: 'news',
      rest: 'seo/pages',
    })
    expect(parseSitePath('/billing')).toBeNull()
  })

  it('adds, replaces and removes the section segment and keeps only view, sortBy and search', () => {
    const search = '?view=internal&sortBy=entryTitle&sortDir=desc&search=x&page=3'
    expect(switchSectionInUrl('/site/demo/content-quality/broken-links', search, 'news')).toBe(
      '/site/demo/section/news/content-quality/broken-links?view=internal&sortBy=entryTitle&search=x',
    )
    expect(switchSectionInUrl('/site/demo/section/news/seo', '', 'blog')).toBe('/site/demo/section/blog/seo')
    expect(switchSectionInUrl('/site/demo/section/news', '?page=2', null)).toBe('/site/demo')
  })
})

describe('active site and section', () => {
  it('stores them, announces changes, and clears the section when the site changes', () => {
    const events: string[] = []
    const onSite = (event: Event) => events.push(`site:${(event as CustomEvent).detail.siteSlug}`)
    const onSection = (event: Event) => events.push(`section:${(event as CustomEvent).detail.sectionSlug}`)
    window.addEventListener('canopy:active-site-change', onSite)
    window.addEventListener('canopy:active-section-change', onSection)
    try {
      setActiveSite('demo')
      setActiveSection('news')
      setActiveSite('other')
      expect(readActiveSite()).toBe('other')
      expect(readActiveSection()).toBeNull()
      expect(events).toEqual(['site:demo', 'section:news', 'section:null', 'site:other'])
      setActiveSection('')
      expect(window.localStorage.getItem('canopy.activeSection')).toBeNull()
    } finally {
      window.removeEventListener('canopy:active-site-change', onSite)
      window.removeEventListener('canopy:active-section-change', onSection)
    }
  })

  it('forgets the active site after a failed lookup only when it still matches', () => {
    setActiveSite('demo')
    clearActiveSiteIfMatches('other')
    expect(readActiveSite()).toBe('demo')
    clearActiveSiteIfMatches('demo')
    expect(readActiveSite()).toBeNull()
  })
})

describe('versions', () => {
  it('compares numerically', () => {
    expect(compareVersions('2.10.0', '2.9.9')).toBe(1)
    expect(isVersionAtLeast('2.1.0', '2.1.0')).toBe(true)
    expect(isVersionAtLeast('2.0.12', '2.1.0')).toBe(false)
    expect(isVersionAtLeast('2.1', '2.1.0')).toBe(true)
  })
})

describe('feature flags', () => {
  it('reads the overrides of known flags, on and off', () => {
    expect(
      parseFeatureFlags(
        '{"inventory/media":true,"seo/orphaned-pages":false,"made-up":true,"settings/scans":1}',
      ),
    ).toEqual({ 'inventory/media': true, 'seo/orphaned-pages': false })
    expect(parseFeatureFlags('not json')).toEqual({})
    expect(parseFeatureFlags(null)).toEqual({})
  })

  it('staff see every flag on; else this browser, then the site, then the global value decides', () => {
    const list = makeFeatureFlagList({
      global: { 'inventory/media': true, 'performance/uptime': true },
      overrides: { 'performance/uptime': false, 'seo/orphaned-pages': true },
    })
    const active = (flag: FeatureFlag, local: FeatureFlagState = {}, isStaff = false) =>
      isFeatureFlagActive(flag, { isStaff, list, local })
    expect(active('inventory/media')).toBe(true)
    expect(active('performance/uptime')).toBe(false)
    expect(active('seo/orphaned-pages')).toBe(true)
    expect(active('settings/scans')).toBe(false)
    expect(active('settings/scans', {}, true)).toBe(true)
    expect(active('performance/uptime', { 'performance/uptime': true })).toBe(true)
    expect(active('inventory/media', { 'inventory/media': false })).toBe(false)
    expect(active('inventory/media', { 'inventory/media': false }, true)).toBe(true)
  })

  it('ignores this browser on a production host, and reads every flag off before the API answers', () => {
    const production = makeFeatureFlagList({ localOverrides: false })
    const local: FeatureFlagState = { 'performance/uptime': true }
    expect(isFeatureFlagActive('performance/uptime', { isStaff: false, list: production, local })).toBe(false)
    expect(isFeatureFlagActive('performance/uptime', { isStaff: false, list: undefined, local })).toBe(false)
  })
})

describe('browser support', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      true,
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.88 Safari/537.36',
      false,
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      true,
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', true],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:78.0) Gecko/20100101 Firefox/78.0', false],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      true,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Safari/605.1.15',
      false,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      true,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
      false,
    ],
    ['Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko', false],
    ['SomeNewBrowser/1.0', true],
  ])('%s → %s', (userAgent, supported) => {
    expect(isBrowserSupported(userAgent)).toBe(supported)
  })
})
