import { describe, expect, it } from 'vitest'
import { hoverContentCheck } from './hover-content.js'
import { useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 10_000 }

const browser = useCheckBrowser()

const MENU = (reveal: string) => `<style>
  nav ul { list-style: none; margin: 0; padding: 0; } nav li { position: relative; display: inline-block; padding: 8px; }
  .sub { display: none; position: absolute; top: 100%; left: 0; width: 200px; background: #fff; }
  ${reveal} { display: block; }
  .tip { visibility: hidden; position: absolute; left: 0; top: 40px; } </style>
<nav><ul><li id="services"><a href="/services">Services</a><ul class="sub"><li><a href="/bins">Bins</a></li></ul></li>
<li><a href="/news">News</a></li></ul></nav>`

const TOOLTIP = (style: string) => `<style>
  .help { position: relative; display: inline-block; margin: 40px; }
  .tip { visibility: hidden; position: absolute; left: 0; top: ${style}; width: 160px; background: #ffd; }
  .help:hover .tip, .help:focus-within .tip { visibility: visible; } </style>
<p><span class="help" id="help"><button type="button">?</button><span class="tip" role="tooltip">Collections are weekly</span></span></p>`

describe('hover-content in Chromium', { timeout: 30_000 }, () => {
  it('fails a menu only a pointer can open, naming its trigger; passes its :focus-within twin', async () => {
    const barrier = await hoverContentCheck.run(await browser.open(MENU('nav li:hover > .sub')), CONTEXT)
    const failed = barrier.filter((finding) => finding.outcome === 'failed')
    expect(failed.map((finding) => [finding.criteria[0], finding.element?.selector])).toEqual([
      ['2.1.1', '#services'],
    ])
    expect(failed[0]?.message).toContain('Bins')
    const fixed = await hoverContentCheck.run(
      await browser.open(MENU('nav li:hover > .sub, nav li:focus-within > .sub')),
      CONTEXT,
    )
    expect(fixed.map((finding) => finding.outcome)).toEqual(['passed', 'passed'])
  })

  it('fails a tooltip that vanishes when the pointer moves onto it; passes one next to its trigger', async () => {
    const page = await browser.open(TOOLTIP('60px'))
    const barrier = await hoverContentCheck.run(page, CONTEXT)
    const failed = barrier.filter((finding) => finding.outcome === 'failed')
    expect(failed.map((finding) => [finding.criteria[0], finding.element?.selector])).toEqual([
      ['1.4.13', '#help'],
    ])
    expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBe(1)
    const fixed = await hoverContentCheck.run(await browser.open(TOOLTIP('100%')), CONTEXT)
    expect(fixed.map((finding) => finding.outcome)).toEqual(['passed', 'passed'])
  })
})
