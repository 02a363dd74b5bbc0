import { describe, expect, it } from 'vitest'
import { readingOrderCheck } from './reading-order.js'
import { useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 5_000 }
const page = (body: string) =>
  `<!doctype html><html lang="en"><title>t</title><body><main>${body}</main></body></html>`

const browser = useCheckBrowser()

const run = async (body: string) => readingOrderCheck.run(await browser.open(page(body)), CONTEXT)

describe('reading order in Chromium', { timeout: 60_000 }, () => {
  it('fails a heading shown above its content but after it in the source, naming both', async () => {
    const findings = await run(
      '<section style="display:flex;flex-direction:column-reverse"><p id="body">Bins are collected on Mondays.</p><h2 id="title">Bin collections</h2></section>',
    )
    expect(findings).toMatchObject([
      {
        engine: 'canopy',
        ruleId: 'canopy-reading-order',
        outcome: 'failed',
        criteria: ['1.3.2'],
        element: { selector: '#title' },
      },
    ])
    expect(findings[0]?.message).toContain(
      '"Bin collections" is shown before "Bins are collected on Mondays." (by flex-direction: column-reverse)',
    )
  })

  it('passes its fixed twin, in source order', async () => {
    const findings = await run(
      '<section style="display:flex;flex-direction:column"><h2>Bin collections</h2><p>Bins are collected on Mondays.</p></section>',
    )
    expect(findings.map((finding) => finding.outcome)).toEqual(['passed'])
  })

  it('asks for review of blocks swapped by order, and passes an order that changes nothing', async () => {
    const swapped = await run(
      '<div style="display:flex"><p id="one">Step one: sort.</p><p id="two" style="order:-1">Step two: rinse.</p></div>',
    )
    expect(swapped).toMatchObject([{ outcome: 'review', element: { selector: '#two' } }])
    expect(swapped[0]?.message).toContain('"Step two: rinse." is shown before "Step one: sort." (by order)')
    const kept = await run(
      '<div style="display:flex"><p style="order:1">Step one: sort.</p><p style="order:2">Step two: rinse.</p></div>',
    )
    expect(kept.map((finding) => finding.outcome)).toEqual(['passed'])
  })

  it('asks for review of an absolutely positioned block shown above the one before it', async () => {
    const findings = await run(
      '<div style="position:relative;padding-top:60px"><p>Read this second.</p><p id="moved" style="position:absolute;top:0">Read this first.</p></div>',
    )
    expect(findings).toMatchObject([{ outcome: 'review', element: { selector: '#moved' } }])
  })

  it('asks for review of a grid item placed before the one it follows', async () => {
    const findings = await run(
      '<div style="display:grid;grid-template-columns:1fr 1fr"><p>News and events.</p><p id="aside" style="grid-column:1;grid-row:1">Quick links.</p></div>',
    )
    expect(findings).toMatchObject([{ outcome: 'review', element: { selector: '#aside' } }])
    expect(findings[0]?.message).toContain('(by grid placement)')
  })
})
