import { describe, expect, it } from 'vitest'
import { fakeStructureCheck } from './fake-structure.js'
import { useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 5_000 }
const TEXT = 'Our offices are open from Monday to Friday, nine to five, and closed on public holidays.'
const page = (body: string) =>
  `<!doctype html><html lang="en"><title>t</title><body><main><h1>Contact</h1>${body}</main></body></html>`

const browser = useCheckBrowser()

const run = async (body: string) => fakeStructureCheck.run(await browser.open(page(body)), CONTEXT)
const outcomes = (findings: Awaited<ReturnType<typeof run>>) => findings.map((finding) => finding.outcome)

describe('fake structure in Chromium', { timeout: 60_000 }, () => {
  it('asks for review of bold or large text standing as a heading, and passes real headings', async () => {
    const findings = await run(
      `<p id="hours"><strong>Opening hours</strong></p><p>${TEXT}</p><div id="visit" style="font-size:28px">Visiting us</div><p>${TEXT}</p>`,
    )
    expect(findings).toMatchObject([
      { outcome: 'review', criteria: ['1.3.1'], element: { selector: '#hours' } },
      { outcome: 'review', element: { selector: '#visit' } },
    ])
    expect(findings[0]?.message).toContain('"Opening hours" looks like a heading (bold text')
    expect(
      outcomes(await run(`<h2>Opening hours</h2><p>${TEXT}</p><h2>Visiting us</h2><p>${TEXT}</p>`)),
    ).toEqual(['passed'])
  })

  it('fails lines written as a list, in paragraphs or split by <br>, and passes a real list', async () => {
    const paragraphs = await run('<p id="first">• Paper and card</p><p>• Glass bottles</p><p>• Food tins</p>')
    expect(paragraphs).toMatchObject([{ outcome: 'failed', element: { selector: '#first' } }])
    expect(paragraphs[0]?.message).toContain('3 lines ("• Paper and card", "• Glass bottles"…)')
    const lines = await run('<p id="steps">1. Sort your waste<br>2. Rinse the tins<br>3. Put the bin out</p>')
    expect(lines).toMatchObject([{ outcome: 'failed', element: { selector: '#steps' } }])
    expect(
      outcomes(
        await run(
          '<ul><li>Paper and card</li><li>Glass bottles</li></ul><ol><li>Sort</li><li>Rinse</li></ol>',
        ),
      ),
    ).toEqual(['passed'])
    expect(outcomes(await run(`<p>- a dash to start a sentence, once.</p><p>${TEXT}</p>`))).toEqual([
      'passed',
    ])
  })

  it('asks for review of a table without header cells, and passes it with <th> or as layout', async () => {
    const rows = '<tr><td>Paper</td><td>Blue bin</td></tr><tr><td>Glass</td><td>Green box</td></tr>'
    expect(await run(`<table id="bins">${rows}</table>`)).toMatchObject([
      { outcome: 'review', element: { selector: '#bins' } },
    ])
    const headed = `<table><tr><th>Waste</th><th>Container</th></tr>${rows}</table>`
    expect(outcomes(await run(headed))).toEqual(['passed'])
    expect(outcomes(await run(`<table role="presentation">${rows}</table>`))).toEqual(['passed'])
  })
})
