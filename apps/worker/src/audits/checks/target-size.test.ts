import { describe, expect, it } from 'vitest'
import { targetSizeCheck } from './target-size.js'
import { useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 10_000 }

const browser = useCheckBrowser()

const PAGER = (
  style: string,
) => `<style>.pager a { display: inline-block; ${style} font: 12px/1 sans-serif; }</style>
<nav class="pager"><a id="p1" href="?p=1">1</a><a id="p2" href="?p=2">2</a></nav>
<p>Read <a href="#terms">the terms</a> before you sign, and the <a href="#faq">questions</a> too.</p>
<p><label><input type="checkbox"> Keep me signed in</label></p>`

describe('target-size in Chromium', { timeout: 30_000 }, () => {
  it('fails small targets crowding each other, naming them', async () => {
    const findings = await targetSizeCheck.run(
      await browser.open(PAGER('width: 14px; height: 14px;')),
      CONTEXT,
    )
    const failed = findings.filter((finding) => finding.outcome === 'failed')
    expect(failed.map((finding) => finding.element?.selector)).toEqual(['#p1', '#p2'])
    expect(failed[0]?.message).toContain('14 by 14 CSS px')
    expect(failed[0]?.message).toContain('"2"')
  })

  it('passes the same targets made 24 px, or small but spaced apart', async () => {
    for (const style of ['width: 24px; height: 24px;', 'width: 14px; height: 14px; margin-right: 12px;']) {
      const findings = await targetSizeCheck.run(await browser.open(PAGER(style)), CONTEXT)
      expect(findings).toEqual([expect.objectContaining({ outcome: 'passed', element: null })])
    }
  })
})
