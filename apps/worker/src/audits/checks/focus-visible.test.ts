import { describe, expect, it } from 'vitest'
import { focusVisibleCheck } from './focus-visible.js'
import { useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 10_000 }

const browser = useCheckBrowser()

const page = (style: string) => `<!doctype html><html lang="en"><title>t</title><style>${style}</style>
<main><p><a href="#a">Home</a> <a id="plain" href="#b">News</a> <button class="send">Send</button></p>
<label><input type="checkbox" class="box"><span>Agree</span></label></main>`

describe('focus-visible in Chromium', { timeout: 30_000 }, () => {
  it('fails an element whose focus changes nothing, naming it', async () => {
    const barrier = await browser.open(page('#plain:focus, #plain:focus-visible { outline: none; }'))
    const findings = await focusVisibleCheck.run(barrier, CONTEXT)
    const failed = findings.filter((finding) => finding.outcome === 'failed')
    expect(failed.map((finding) => finding.element?.selector)).toEqual(['#plain'])
    expect(failed[0]).toMatchObject({ engine: 'canopy', ruleId: 'canopy-focus-visible', criteria: ['2.4.7'] })
    expect(failed[0]?.element?.key).toEqual(expect.any(Number))
    expect(await barrier.evaluate(() => document.activeElement === document.body)).toBe(true)
  })

  it('passes focus styles drawn on the element, a sibling or by a script', async () => {
    const fixed = await browser.open(
      `${page(`#plain:focus { outline: none; box-shadow: 0 0 0 3px #000; }
      .box { position: absolute; opacity: 0; } .box:focus-visible + span { outline: 2px solid #000; }
      .send:focus { outline: none; } .send.focused { background: #ffd; }`)}
      <script>const s = document.querySelector('.send');
      s.addEventListener('focus', () => s.classList.add('focused'));
      s.addEventListener('blur', () => s.classList.remove('focused'));</script>`,
    )
    const findings = await focusVisibleCheck.run(fixed, CONTEXT)
    expect(findings).toEqual([
      expect.objectContaining({ outcome: 'passed', element: null, criteria: ['2.4.7'] }),
    ])
  })
})
