import { describe, expect, it } from 'vitest'
import { focusOrderCheck } from './focus-order.js'
import { useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 10_000 }

const browser = useCheckBrowser()

const failedOf = (findings: Awaited<ReturnType<typeof focusOrderCheck.run>>, criterion: string) =>
  findings.filter((finding) => finding.outcome === 'failed' && finding.criteria.includes(criterion))

const MENU = `<nav><button id="open">Menu</button><ul id="menu" style="height:0;overflow:hidden;margin:0">
  <li><a id="hidden-link" href="#x">Hidden page</a></li></ul></nav><p><a href="#y">Visible</a></p>`
const FIXED_MENU = MENU.replace('style="height:0;overflow:hidden;margin:0"', 'hidden')

const TRAP = `<p><a href="#1">Before</a></p><div id="widget"><input id="first" aria-label="One"><input id="last" aria-label="Two"></div>
<p><a href="#2">After</a></p><script>
document.getElementById('last').addEventListener('keydown', (e) => { if (e.key === 'Tab' && !e.shiftKey) { e.preventDefault(); document.getElementById('first').focus() } })
document.getElementById('first').addEventListener('keydown', (e) => { if (e.key === 'Tab' && e.shiftKey) { e.preventDefault(); document.getElementById('last').focus() } })
</script>`
const DIALOG = `<p><a href="#1">Before</a></p><div role="dialog" aria-modal="true" id="d"><button id="ok">OK</button><button id="no">Cancel</button></div>
<p><a href="#2">After</a></p><script>
const d = document.getElementById('d'), ok = document.getElementById('ok'), no = document.getElementById('no')
let open = true
no.addEventListener('keydown', (e) => { if (open && e.key === 'Tab' && !e.shiftKey) { e.preventDefault(); ok.focus() } })
ok.addEventListener('keydown', (e) => { if (open && e.key === 'Tab' && e.shiftKey) { e.preventDefault(); no.focus() } })
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') { open = false; d.hidden = true } })
</script>`

const CLICKS = `<div id="fake" onclick="alert(1)" style="cursor:pointer">Buy now</div>
<span id="prop" style="cursor:pointer">Open</span><script>document.getElementById('prop').onclick = () => {}</script>`
const FIXED_CLICKS = `<div onclick="void 0" style="cursor:pointer"><a href="#buy">Buy now</a></div>
<span role="button" tabindex="0" onclick="void 0">Open</span><button onclick="void 0">Go</button>`

describe('focus-order in Chromium', { timeout: 30_000 }, () => {
  it('fails focus going into a closed container, naming the link; passes the hidden twin', async () => {
    const barrier = await focusOrderCheck.run(await browser.open(MENU), CONTEXT)
    expect(failedOf(barrier, '2.4.3').map((finding) => finding.element?.selector)).toEqual(['#hidden-link'])
    expect(failedOf(barrier, '2.4.3')[0]?.message).toContain('clipped out of sight')
    const fixed = await focusOrderCheck.run(await browser.open(FIXED_MENU), CONTEXT)
    expect(fixed.filter((finding) => finding.outcome !== 'passed')).toEqual([])
    expect(fixed.map((finding) => finding.criteria[0])).toEqual(['2.4.3', '2.1.2'])
  })

  it('fails a keyboard trap; passes a dialog that Escape closes', async () => {
    const trapped = await browser.open(TRAP)
    const barrier = failedOf(await focusOrderCheck.run(trapped, CONTEXT), '2.1.2')
    expect(barrier).toHaveLength(1)
    expect(barrier[0]?.element?.selector).toBe('#first')
    expect(await trapped.evaluate(() => document.activeElement === document.body)).toBe(true)
    const fixed = await focusOrderCheck.run(await browser.open(DIALOG), CONTEXT)
    expect(fixed.filter((finding) => finding.outcome !== 'passed')).toEqual([])
  })

  it('fails elements only a mouse can use; passes their keyboard twins', async () => {
    const barrier = failedOf(await focusOrderCheck.run(await browser.open(CLICKS), CONTEXT), '2.1.1')
    expect(barrier.map((finding) => finding.element?.selector)).toEqual(['#fake', '#prop'])
    const fixed = await focusOrderCheck.run(await browser.open(FIXED_CLICKS), CONTEXT)
    expect(fixed.filter((finding) => finding.outcome !== 'passed')).toEqual([])
  })
})
