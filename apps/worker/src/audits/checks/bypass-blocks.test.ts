import { describe, expect, it } from 'vitest'
import { bypassBlocksCheck } from './bypass-blocks.js'
import { useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 5_000 }
const NAV = '<div class="nav"><a href="/a">Home</a> <a href="/b">News</a> <a href="/c">Contact</a></div>'
const page = (body: string) => `<!doctype html><html lang="en"><title>t</title><body>${body}</body></html>`

const browser = useCheckBrowser()

describe('bypass blocks in Chromium', { timeout: 60_000 }, () => {
  it('fails a page with no skip link, no main landmark and no headings, on its html element', async () => {
    const tab = await browser.open(page(`${NAV}<div class="content"><p>Welcome to the council.</p></div>`))
    const findings = await bypassBlocksCheck.run(tab, CONTEXT)
    expect(findings).toMatchObject([
      {
        engine: 'canopy',
        ruleId: 'canopy-bypass-blocks',
        outcome: 'failed',
        criteria: ['2.4.1'],
        element: { selector: 'html' },
      },
    ])
  })

  it('passes its fixed twin, whose skip link reaches the content', async () => {
    const tab = await browser.open(
      page(
        `<a href="#content">Skip to content</a>${NAV}<div id="content" tabindex="-1"><p>Welcome to the council.</p></div>`,
      ),
    )
    expect((await bypassBlocksCheck.run(tab, CONTEXT)).map((finding) => finding.outcome)).toEqual(['passed'])
  })

  it('passes a page with a main landmark, and one with headings', async () => {
    for (const fixed of [
      `${NAV}<main><p>Welcome.</p></main>`,
      `${NAV}<h1>Welcome</h1><p>Council news.</p>`,
    ]) {
      const tab = await browser.open(page(fixed))
      expect((await bypassBlocksCheck.run(tab, CONTEXT)).map((finding) => finding.outcome)).toEqual([
        'passed',
      ])
    }
  })

  it('fails a skip link whose target is not on the page, even when the page has a main landmark', async () => {
    const tab = await browser.open(
      page(`<a href="#main-content">Skip to main content</a>${NAV}<main><p>Hi.</p></main>`),
    )
    const findings = await bypassBlocksCheck.run(tab, CONTEXT)
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({ outcome: 'failed', element: { selector: 'body > a' } })
    expect(findings[0]?.message).toContain('#main-content')
  })
})
