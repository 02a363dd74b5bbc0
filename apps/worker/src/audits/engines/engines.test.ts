import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { AXE_SOURCE } from '../axe/axe.js'
import { useCheckBrowser } from '../checks/testing.js'
import { runAxe } from './axe-findings.js'
import { EQUAL_ACCESS_SOURCE, runEqualAccess } from './equal-access.js'

const browser = useCheckBrowser()

/** The page with both engines preloaded after the element keys, as the scanner loads it. */
async function openWithEngines(html: string): Promise<Page> {
  const page = await browser.open(html)
  await page.addInitScript({ content: AXE_SOURCE })
  await page.addInitScript({ content: EQUAL_ACCESS_SOURCE })
  await page.reload({ waitUntil: 'load' })
  return page
}

const PAGE = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Engines</title></head><body><main><h1>Engines</h1>${body}</main></body></html>`

// Two engines over a page take about a second on an idle machine, many on a busy one.
describe('axe and Equal Access in Chromium', { timeout: 60_000 }, () => {
  it('both find an image without alternative text, on the same element key, under 1.1.1', async () => {
    const page = await openWithEngines(PAGE('<p>Our river</p><img src="/river.png" width="40" height="40">'))
    const axe = await runAxe(page, { timeoutMs: 30_000 })
    const equalAccess = await runEqualAccess(page, { timeoutMs: 30_000 })
    const fromAxe = axe.find((finding) => finding.ruleId === 'image-alt' && finding.outcome === 'failed')
    const fromEqualAccess = equalAccess.find(
      (finding) => finding.ruleId === 'img_alt_valid' && finding.outcome === 'failed',
    )
    expect(fromAxe).toMatchObject({ engine: 'axe', criteria: ['1.1.1'], actRules: ['23a2a8'] })
    expect(fromEqualAccess).toMatchObject({
      engine: 'equal-access',
      criteria: ['1.1.1'],
      actRules: ['23a2a8'],
    })
    expect(fromAxe?.element).toMatchObject({
      selector: 'body > main > img',
      snippet: expect.stringContaining('river'),
    })
    expect(fromAxe?.element?.key).toEqual(expect.any(Number))
    expect(fromEqualAccess?.element).toEqual(fromAxe?.element)
    expect(axe.some((finding) => finding.outcome === 'passed' && finding.ruleId === 'html-has-lang')).toBe(
      true,
    )
    expect(
      equalAccess.some((finding) => finding.outcome === 'passed' && finding.ruleId === 'html_lang_exists'),
    ).toBe(true)
  })

  it('resolves elements in shadow roots and same-origin iframes to one key for both engines', async () => {
    const page = await openWithEngines(
      PAGE(`<div id="host"></div><iframe title="Map" srcdoc="<img src='/map.png'>"></iframe>
        <script>document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<button></button>'</script>`),
    )
    const findings = [
      ...(await runAxe(page, { timeoutMs: 30_000 })),
      ...(await runEqualAccess(page, { timeoutMs: 30_000 })),
    ]
    const keyOf = (engine: string, ruleId: string) =>
      findings.find(
        (finding) => finding.engine === engine && finding.ruleId === ruleId && finding.outcome === 'failed',
      )?.element?.key
    expect(keyOf('axe', 'button-name')).toEqual(expect.any(Number))
    expect(keyOf('equal-access', 'input_label_exists')).toBe(keyOf('axe', 'button-name'))
    expect(keyOf('axe', 'image-alt')).toEqual(expect.any(Number))
    expect(keyOf('equal-access', 'img_alt_valid')).toBe(keyOf('axe', 'image-alt'))
  })

  it('reports what Equal Access cannot decide as a review, with its criterion and element', async () => {
    const page = await openWithEngines(
      PAGE('<p>Fields marked in <span style="color: #c00">red</span> are required.</p>'),
    )
    const equalAccess = await runEqualAccess(page, { timeoutMs: 30_000 })
    const review = equalAccess.find((finding) => finding.ruleId === 'style_color_misuse')
    expect(review).toMatchObject({
      outcome: 'review',
      criteria: ['1.4.1'],
      message: expect.stringMatching(/colou?r/i),
    })
    expect(review?.element).toMatchObject({ key: expect.any(Number), label: 'red' })
    expect(
      equalAccess.some((finding) => finding.outcome === 'failed' && finding.criteria.includes('1.4.1')),
    ).toBe(false)
  })
})
