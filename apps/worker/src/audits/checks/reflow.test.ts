import { describe, expect, it } from 'vitest'
import { REFLOW } from './reflow.js'
import { layoutStepFindings, useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 10_000 }

const browser = useCheckBrowser()

const PAGE = (style: string, extra = '') => `<style>body { margin: 8px; } #search { ${style} }</style>
<form id="search"><input aria-label="Search" style="width:100%;box-sizing:border-box"></form><p>News and events.</p>${extra}`

describe('reflow in Chromium', { timeout: 30_000 }, () => {
  it('fails an element that makes the page scroll sideways at 320 px, naming it, and restores the viewport', async () => {
    const page = await browser.open(PAGE('width: 600px;'))
    const findings = await layoutStepFindings(REFLOW, page, CONTEXT)
    expect(findings.map((finding) => [finding.outcome, finding.element?.selector])).toEqual([
      ['failed', '#search'],
    ])
    expect(findings[0]?.message).toContain('608 px')
    expect(page.viewportSize()).toEqual(CONTEXT.viewport)
  })

  it('passes the twin that wraps, and sends a wide data table to review', async () => {
    const fixed = await layoutStepFindings(REFLOW, await browser.open(PAGE('max-width: 600px;')), CONTEXT)
    expect(fixed).toEqual([expect.objectContaining({ outcome: 'passed', criteria: ['1.4.10'] })])
    const table = '<table id="rates" style="width:700px"><tr><th>Band</th><td>£1,200</td></tr></table>'
    const withTable = await layoutStepFindings(
      REFLOW,
      await browser.open(PAGE('max-width: 600px;', table)),
      CONTEXT,
    )
    expect(withTable.map((finding) => [finding.outcome, finding.element?.selector])).toEqual([
      ['review', '#rates'],
    ])
  })
})
