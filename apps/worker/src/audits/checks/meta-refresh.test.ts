import { describe, expect, it } from 'vitest'
import { metaRefreshCheck, parseMetaRefresh } from './meta-refresh.js'
import { useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 5_000 }

const browser = useCheckBrowser()

describe('parseMetaRefresh', () => {
  it('reads the delay and the address as browsers do', () => {
    expect(parseMetaRefresh('30; url=/next')).toEqual({ delay: 30, url: '/next' })
    expect(parseMetaRefresh(' 5, URL="/a b" ')).toEqual({ delay: 5, url: '/a b' })
    expect(parseMetaRefresh('0;https://example.org/')).toEqual({ delay: 0, url: 'https://example.org/' })
    expect(parseMetaRefresh('600')).toEqual({ delay: 600, url: null })
    expect(parseMetaRefresh('soon')).toBeNull()
  })
})

describe('meta refresh in Chromium', { timeout: 60_000 }, () => {
  it('fails a page that leaves on a timer, naming its meta element', async () => {
    const page = await browser.open(
      '<html lang="en"><head><meta http-equiv="Refresh" content="30; url=/next"><title>t</title></head><body><p>Soon elsewhere.</p></body></html>',
    )
    const findings = await metaRefreshCheck.run(page, CONTEXT)
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({
      engine: 'canopy',
      ruleId: 'canopy-meta-refresh',
      outcome: 'failed',
      criteria: ['2.2.1'],
      element: { selector: 'head > meta', snippet: '<meta http-equiv="Refresh" content="30; url=/next">' },
    })
    expect(findings[0]?.message).toContain('after 30 seconds')
    expect(findings[0]?.element?.key).toBeGreaterThan(0)
  })

  it('passes its fixed twin, whose refresh waits past the 20-hour exception', async () => {
    const page = await browser.open(
      '<html lang="en"><head><meta http-equiv="refresh" content="72000"><title>t</title></head><body><p>Stays.</p></body></html>',
    )
    const findings = await metaRefreshCheck.run(page, CONTEXT)
    expect(findings.map((finding) => finding.outcome)).toEqual(['passed'])
  })

  it('passes an instant redirect and says nothing on a page without a refresh', async () => {
    const page = await browser.open(
      '<html lang="en"><head><title>t</title></head><body><p>a</p></body></html>',
      {
        '/away': { body: '<meta http-equiv="refresh" content="0; url=/">', type: 'text/html' },
      },
    )
    expect(await metaRefreshCheck.run(page, CONTEXT)).toEqual([])
    await page.goto(page.url().replace(/\/$/, '/away'))
    await page.waitForURL((url) => url.pathname === '/')
    expect(await metaRefreshCheck.run(page, CONTEXT)).toEqual([])
  })
})
