import { describe, expect, it } from 'vitest'
import { layoutStepFindings, useCheckBrowser } from './testing.js'
import { ZOOM } from './zoom.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 10_000 }

const browser = useCheckBrowser()

// A banner sized in viewport units: at half the width its text needs more lines than its height holds.
const BANNER = (style: string) => `<style>body { margin: 0; font: 16px/1.3 sans-serif; }
  #banner { width: 30vw; ${style} }</style>
<div id="banner"><p style="margin:0">Council tax bills for the new year are on their way to every household.</p></div>`

describe('zoom in Chromium', { timeout: 30_000 }, () => {
  it('fails a box that hides its text at 200 %, naming it, and restores the viewport', async () => {
    const page = await browser.open(BANNER('height: 60px; overflow: hidden;'))
    const findings = await layoutStepFindings(ZOOM, page, CONTEXT)
    expect(findings.map((finding) => [finding.outcome, finding.element?.selector])).toEqual([
      ['failed', '#banner'],
    ])
    expect(findings[0]?.criteria).toEqual(['1.4.4'])
    expect(page.viewportSize()).toEqual(CONTEXT.viewport)
  })

  it('passes the same box when it grows with its text', async () => {
    const findings = await layoutStepFindings(
      ZOOM,
      await browser.open(BANNER('min-height: 60px; overflow: hidden;')),
      CONTEXT,
    )
    expect(findings).toEqual([expect.objectContaining({ outcome: 'passed', criteria: ['1.4.4'] })])
  })
})
