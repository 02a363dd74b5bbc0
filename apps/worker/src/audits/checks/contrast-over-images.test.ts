import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { contrastOverImagesCheck, planShots } from './contrast-over-images.js'
import { useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 5_000 }

/** A PNG photo stand-in of one grey level. */
function greyPng(level: number): Buffer {
  const png = new PNG({ width: 600, height: 200 })
  png.data.fill(level)
  for (let i = 3; i < png.data.length; i += 4) png.data[i] = 255
  return PNG.sync.write(png)
}
const FILES = {
  '/light.png': { body: greyPng(230), type: 'image/png' },
  '/dark.png': { body: greyPng(30), type: 'image/png' },
}
const page = (body: string) =>
  `<!doctype html><html lang="en"><title>t</title><body style="margin:0;font:16px sans-serif"><main>${body}</main></body></html>`
const hero = (background: string, colour: string, extra = '') =>
  `<div style="background:${background};padding:40px"><p id="hero" style="color:${colour};margin:0${extra}">Book your bin collection online today</p></div>`
const overImage = (image: string) =>
  `<p>Intro text on white.</p><div style="position:relative"><img src="${image}" alt=""><p id="caption" style="position:absolute;top:60px;left:20px;margin:0;color:#fff">Summer fair in the park</p></div>`

const browser = useCheckBrowser()

const run = async (body: string) => {
  const tab = await browser.open(page(body), FILES)
  return { tab, findings: await contrastOverImagesCheck.run(tab, CONTEXT) }
}

describe('contrast over images in Chromium', { timeout: 60_000 }, () => {
  it('fails pale text on a light gradient, naming the text element', async () => {
    const { findings } = await run(hero('linear-gradient(#ffffff, #dddddd)', '#aaaaaa'))
    expect(findings).toMatchObject([
      {
        engine: 'canopy',
        ruleId: 'canopy-contrast-over-images',
        outcome: 'failed',
        criteria: ['1.4.3'],
        element: { selector: '#hero' },
      },
    ])
    expect(findings[0]?.message).toMatch(
      /^The text "Book your bin collection online today" over a gradient has a contrast of 2\.\d\d:1/,
    )
  })

  it('passes its fixed twin, white text on a dark gradient', async () => {
    const { findings } = await run(hero('linear-gradient(#112233, #334455)', '#ffffff'))
    expect(findings.map((finding) => finding.outcome)).toEqual(['passed'])
  })

  it('fails white text positioned over a light photo, and passes it over a dark one', async () => {
    const light = await run(overImage('/light.png'))
    expect(light.findings).toMatchObject([{ outcome: 'failed', element: { selector: '#caption' } }])
    expect(light.findings[0]?.message).toContain('over an image')
    const dark = await run(overImage('/dark.png'))
    expect(dark.findings.map((finding) => finding.outcome)).toEqual(['passed'])
  })

  it('asks for review when a text shadow may carry the contrast, and leaves the page as it was', async () => {
    const tab = await browser.open(
      page(hero('linear-gradient(#ffffff, #eeeeee)', '#ffffff', ';text-shadow:0 0 4px #000')),
    )
    // Read as a script string: the worker is compiled without the DOM's types.
    const look = () =>
      tab.evaluate(`(() => {
        const hero = document.querySelector('#hero');
        const style = getComputedStyle(hero);
        return [style.color, style.textShadow, style.webkitTextFillColor, hero.style.length];
      })()`)
    const before = await look()
    const findings = await contrastOverImagesCheck.run(tab, CONTEXT)
    expect(findings).toMatchObject([{ outcome: 'review', element: { selector: '#hero' } }])
    expect(findings[0]?.message).toContain('check it by eye')
    expect(await look()).toEqual(before)
  })

  it('measures text far below the first screen, and on screen after scrolling, on its own screenshot', async () => {
    const { tab, findings } = await run(
      `${hero('linear-gradient(#112233, #334455)', '#ffffff')}<div style="height:3000px"></div>${hero('linear-gradient(#ffffff, #dddddd)', '#aaaaaa').replace('id="hero"', 'id="footer-note"')}<div style="height:3000px"></div>`,
    )
    expect(findings).toMatchObject([{ outcome: 'failed', element: { selector: '#footer-note' } }])
    await tab.evaluate('window.scrollTo(0, 2900)')
    const scrolled = await contrastOverImagesCheck.run(tab, CONTEXT)
    expect(scrolled).toMatchObject([{ outcome: 'failed', element: { selector: '#footer-note' } }])
    expect(scrolled[0]?.message).toBe(findings[0]?.message)
  })

  it('says nothing of text on plain colours, which the engines measure', async () => {
    const { findings } = await run(
      '<div style="background:#fff"><p style="color:#aaa">Pale but plain.</p></div>',
    )
    expect(findings).toEqual([])
  })
})

describe('planShots', () => {
  const candidate = (y: number, width = 300) => ({
    element: { key: y, selector: `#c${y}`, snippet: '', label: '' },
    text: 't',
    background: 'gradient' as const,
    colour: { r: 0, g: 0, b: 0, a: 1 },
    large: false,
    unsure: false,
    rects: [{ x: 10, y, width, height: 20 }],
  })
  it('shares a screenshot between neighbours and gives distant text its own, within the page', () => {
    const shots = planShots([candidate(3000), candidate(100), candidate(140, 2000)], {
      width: 1280,
      height: 3010,
    })
    expect(shots.map((shot) => [shot.clip, shot.members.map((member) => member.element.selector)])).toEqual([
      [{ x: 10, y: 100, width: 1270, height: 60 }, ['#c100', '#c140']],
      [{ x: 10, y: 3000, width: 300, height: 10 }, ['#c3000']],
    ])
  })
})
