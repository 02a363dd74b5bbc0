import { describe, expect, it } from 'vitest'
import { describeSelector } from '../engines/element-keys.js'
import { formLabelsCheck } from './form-labels.js'
import { useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 5_000 }
const page = (body: string) =>
  `<!doctype html><html lang="en"><title>t</title><style>label{color:#222}.req{color:#c00}</style><body><main><form>${body}</form></main></body></html>`

const browser = useCheckBrowser()

const run = async (body: string) => formLabelsCheck.run(await browser.open(page(body)), CONTEXT)
const problems = (findings: Awaited<ReturnType<typeof run>>) => findings.filter((f) => f.outcome !== 'passed')

describe('form labels in Chromium', { timeout: 60_000 }, () => {
  it('fails fields labelled only by a placeholder or a title, and a field with no label', async () => {
    const tab = await browser.open(
      page(
        '<input id="email" placeholder="Email address"><input id="phone" title="Phone"><textarea id="note"></textarea>',
      ),
    )
    const findings = await formLabelsCheck.run(tab, CONTEXT)
    expect(findings).toMatchObject([
      { outcome: 'failed', criteria: ['3.3.2'], element: { selector: '#email' } },
      { outcome: 'failed', criteria: ['3.3.2'], element: { selector: '#phone' } },
      { outcome: 'failed', criteria: ['3.3.2', '4.1.2'], element: { selector: '#note' } },
    ])
    expect(findings[0]?.message).toContain('placeholder "Email address"')
    // Another engine naming the same field by its own selector gets the same element key.
    expect((await describeSelector(tab, 'main > form > input:nth-of-type(1)'))?.key).toBe(
      findings[0]?.element?.key,
    )
  })

  it('passes the fixed twin with visible labels', async () => {
    const findings = await run(
      '<label for="email">Email address</label><input id="email" placeholder="name@example.org">' +
        '<label>Phone <input id="phone" title="Phone"></label><span id="n">Note</span><textarea id="note" aria-labelledby="n"></textarea>',
    )
    expect(findings.map((finding) => finding.outcome)).toEqual(['passed'])
  })

  it('fails radio buttons without a named group, and passes them in a fieldset with a legend', async () => {
    const radios =
      '<label><input type="radio" name="bin" id="small" value="s"> Small</label><label><input type="radio" name="bin" value="l"> Large</label>'
    const barrier = problems(await run(`<p>Bin size</p>${radios}`))
    expect(barrier).toMatchObject([
      { outcome: 'failed', criteria: ['1.3.1'], element: { selector: '#small' } },
    ])
    expect(barrier[0]?.message).toContain('2 radio buttons ("Small", "Large")')
    expect(problems(await run(`<fieldset><legend>Bin size</legend>${radios}</fieldset>`))).toEqual([])
    expect(problems(await run(`<div role="radiogroup" aria-label="Bin size">${radios}</div>`))).toEqual([])
  })

  it('asks for review of required fields marked by an unexplained asterisk or by colour alone', async () => {
    const asterisk = problems(await run('<label for="name">Name *</label><input id="name" required>'))
    expect(asterisk).toMatchObject([{ outcome: 'review', element: { selector: '#name' } }])
    const explained =
      '<p>Fields marked * are required.</p><label for="name">Name *</label><input id="name" required>'
    expect(problems(await run(explained))).toEqual([])
    const colour =
      '<label for="name" class="req">Name</label><input id="name" required><label for="town">Town</label><input id="town">'
    expect(problems(await run(colour))).toMatchObject([
      { outcome: 'review', criteria: ['3.3.2', '1.4.1'], element: { selector: '#name' } },
    ])
    const inText =
      '<label for="name" class="req">Name (required)</label><input id="name" required><label for="town">Town</label><input id="town">'
    expect(problems(await run(inText))).toEqual([])
  })
})
