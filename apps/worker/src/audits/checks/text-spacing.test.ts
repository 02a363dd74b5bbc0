import { describe, expect, it } from 'vitest'
import { layoutStepFindings, useCheckBrowser } from './testing.js'
import { TEXT_SPACING } from './text-spacing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 10_000 }

const browser = useCheckBrowser()

const CARD = (style: string) => `<style>body { font: 16px/1.2 sans-serif; } .card { width: 260px; ${style} }
  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }</style>
<div class="card" id="card"><p style="margin:0">Bin collections move to Tuesday in the holiday week.</p></div>
<span class="sr">Opens in a new window</span>
<div style="height:20px;overflow:hidden" id="already"><p>Already cut off before anything changed: a long paragraph of text here.</p></div>`

describe('text-spacing in Chromium', { timeout: 30_000 }, () => {
  it('fails a fixed-height box that hides its text under more spacing, naming it', async () => {
    const page = await browser.open(CARD('height: 40px; overflow: hidden;'))
    const findings = await layoutStepFindings(TEXT_SPACING, page, CONTEXT)
    expect(findings.map((finding) => [finding.outcome, finding.element?.selector])).toEqual([
      ['failed', '#card'],
    ])
    expect(findings[0]?.message).toContain('Bin collections')
    expect(await page.evaluate(() => getComputedStyle(document.body).letterSpacing)).toBe('normal')
  })

  it('passes the same box when it grows with its text', async () => {
    const findings = await layoutStepFindings(
      TEXT_SPACING,
      await browser.open(CARD('min-height: 40px; overflow: hidden;')),
      CONTEXT,
    )
    expect(findings).toEqual([expect.objectContaining({ outcome: 'passed', criteria: ['1.4.12'] })])
  })
})
