import { describe, expect, it } from 'vitest'
import { containsWords, labelInNameCheck, tokenize, verdictOf } from './label-in-name.js'
import { useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 5_000 }
const ELEMENT = { key: 1, selector: 'a', snippet: '<a>', label: '' }

const browser = useCheckBrowser()

describe('the label-in-name comparison', () => {
  it('compares words, ignoring case, punctuation, symbols and text in parentheses', () => {
    expect(tokenize('  >>> ** Submit ** <<< 💡')).toEqual(['submit'])
    expect(tokenize('Search by date (YYYY-MM-DD)')).toEqual(['search', 'by', 'date'])
    expect(tokenize('Café  au\u00a0lait…')).toEqual(['cafe', 'au', 'lait'])
    expect(tokenize('11×3=33')).toEqual(['11', '3', '33'])
    expect(containsWords(['next', 'page', 'in', 'the', 'list'], ['next', 'page'])).toBe(true)
    expect(containsWords(['download', 'the', 'specification'], ['download', 'specification'])).toBe(false)
    expect(containsWords(['how', 'are', 'you'], ['you', 'how', 'are'])).toBe(false)
    expect(containsWords(['discover', 'italy'], ['discover', 'it'])).toBe(false)
  })

  it('fails a name without the visible text, and leaves symbols, abbreviations and hyphens to a person', () => {
    const outcome = (label: string, name: string) => verdictOf({ element: ELEMENT, label, name })?.outcome
    expect(outcome('ACT rules', 'act Rules')).toBeUndefined()
    expect(outcome('Next Page', 'Next Page in the list')).toBeUndefined()
    expect(outcome('ACT rules', 'WCAG')).toBe('failed')
    expect(outcome('W C A G', 'WCAG')).toBe('failed')
    expect(outcome('2021', '20 21')).toBe('failed')
    expect(outcome('1', '1a')).toBe('failed')
    expect(outcome('justice', 'just ice')).toBe('failed')
    expect(outcome('X', 'Close the dialog')).toBe('review')
    expect(outcome('University Ave.', 'University Avenue')).toBe('review')
    expect(outcome('nonstandard', 'non-standard')).toBe('review')
  })
})

describe('label in name in Chromium', { timeout: 60_000 }, () => {
  it('fails a link and a button whose names leave out what they show, naming each', async () => {
    const page = await browser.open(`<html lang="en"><head><title>t</title></head><body><main>
      <a href="/rules" aria-label="WCAG">ACT rules</a>
      <span id="dl">Download the specification</span>
      <button aria-labelledby="dl">Download specification</button>
      <a href="/spec" aria-label="Download specification">Download <span aria-hidden="true">gizmo</span> specification</a>
    </main></body></html>`)
    const findings = await labelInNameCheck.run(page, CONTEXT)
    expect(findings.map((finding) => [finding.outcome, finding.element?.selector])).toEqual([
      ['failed', 'body > main > a:nth-of-type(1)'],
      ['failed', 'body > main > button'],
      ['failed', 'body > main > a:nth-of-type(2)'],
    ])
    expect(findings[0]).toMatchObject({
      engine: 'canopy',
      ruleId: 'canopy-label-in-name',
      criteria: ['2.5.3'],
    })
    expect(findings[0]?.message).toContain('"ACT rules"')
  })

  it('passes its fixed twin, reading visible text as a person sees it', async () => {
    const page = await browser.open(`<html lang="en"><head><title>t</title>
      <style>.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
      .icon { font-family: 'Material Icons'; }</style></head><body><main>
      <a href="/rules" aria-label="ACT rules">ACT rules</a>
      <span id="dl">Download specification</span>
      <button aria-labelledby="dl">Download specification</button>
      <a href="/spec" aria-label="Download specification">Download <span class="sr-only">gizmo</span><span style="display: none">x</span> specification</a>
      <a href="/post" aria-label="Some article by John Doe"><h2>Some article</h2><p>by John Doe</p></a>
      <button aria-label="Search the site"><span class="icon">search</span></button>
      <a href="/next" aria-label="Next page">Next…</a>
      <a href="#main" class="sr-only" aria-label="Jump">Skip to content</a>
    </main></body></html>`)
    const findings = await labelInNameCheck.run(page, CONTEXT)
    expect(findings.map((finding) => finding.outcome)).toEqual(['passed'])
  })

  it('says nothing on a page whose controls are named by their content', async () => {
    const page = await browser.open(
      '<html lang="en"><head><title>t</title></head><body><a href="/a">Home</a><button>Go</button><nav aria-label="Main">Menu</nav></body></html>',
    )
    expect(await labelInNameCheck.run(page, CONTEXT)).toEqual([])
  })
})
