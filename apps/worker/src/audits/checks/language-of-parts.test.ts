import { describe, expect, it } from 'vitest'
import { isValidLang, judgePassage, languageOfPartsCheck } from './language-of-parts.js'
import { useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 5_000 }
const ENGLISH =
  '<p>The council meets on the first Tuesday of each month in the main hall of the town library, and everyone is welcome.</p>'
const FRENCH =
  'Bienvenue à la mairie de River Bend. Nous sommes ouverts du lundi au vendredi, de neuf heures à dix-sept heures.'
const page = (body: string, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><title>t</title><body><main>${body}</main></body></html>`
const SECOND_ENGLISH =
  '<p>Bins are collected on Mondays; garden waste goes out every other week from March to November.</p>'

const browser = useCheckBrowser()

describe('isValidLang', () => {
  it('judges the primary language subtag', () => {
    for (const valid of ['fr', 'en-GB', 'EN', 'zh-Hant-TW', 'gsw', ''])
      expect(isValidLang(valid), valid).toBe(true)
    for (const invalid of ['xx', 'english', 'abcd', '12', 'fr!'])
      expect(isValidLang(invalid), invalid).toBe(false)
  })
})

describe('judgePassage', () => {
  const element = { key: 1, selector: 'p', snippet: '<p>', label: 'p' }
  const judge = (text: string) => judgePassage({ element, text, lang: 'en-GB', ownLang: false })?.outcome
  it('asks for review of a short foreign passage, and says nothing when the trigrams fit many languages', () => {
    expect(judge('La bibliothèque est fermée le dimanche matin.')).toBe('review')
    expect(judge('Stories from earlier years, newest first.')).toBeUndefined()
    expect(judge('Council podcast, episode one (MP3 audio)')).toBeUndefined()
  })
})

describe('language of parts in Chromium', { timeout: 60_000 }, () => {
  it('fails a French passage on an English page that does not mark it, naming the paragraph', async () => {
    const findings = await languageOfPartsCheck.run(
      await browser.open(page(`${ENGLISH}<p id="welcome">${FRENCH}</p>`)),
      CONTEXT,
    )
    expect(findings).toMatchObject([
      {
        engine: 'canopy',
        ruleId: 'canopy-language-of-parts',
        outcome: 'failed',
        criteria: ['3.1.2'],
        element: { selector: '#welcome' },
      },
    ])
    expect(findings[0]?.message).toContain('reads as French, but the page says English')
    expect(findings[0]?.actRules).toEqual([])
  })

  it('fails a page whose lang is not the language of its text once, on <html>, not on each passage', async () => {
    const findings = await languageOfPartsCheck.run(
      await browser.open(page(`${ENGLISH}${SECOND_ENGLISH}`, 'de')),
      CONTEXT,
    )
    expect(findings).toMatchObject([
      {
        ruleId: 'canopy-language-of-parts',
        outcome: 'failed',
        criteria: ['3.1.1'],
        actRules: ['ucwvc8'],
        element: { selector: 'html' },
      },
    ])
    expect(findings[0]?.message).toContain('reads as English, but <html lang="de"> says German')
  })

  it('passes the page language of its fixed twin, and of a page whose foreign passage is a small part', async () => {
    for (const [body, lang] of [
      [`${ENGLISH}${SECOND_ENGLISH}`, 'en'],
      [`${ENGLISH}${SECOND_ENGLISH}${ENGLISH}<p lang="fr">${FRENCH}</p>`, 'en-GB'],
    ] as const) {
      const findings = await languageOfPartsCheck.run(await browser.open(page(body, lang)), CONTEXT)
      expect(findings, body).toMatchObject([{ outcome: 'passed', criteria: ['3.1.1', '3.1.2'] }])
    }
  })

  it('passes its fixed twin, whose passage has lang="fr"', async () => {
    const findings = await languageOfPartsCheck.run(
      await browser.open(page(`${ENGLISH}<p id="welcome" lang="fr">${FRENCH}</p>`)),
      CONTEXT,
    )
    expect(findings.map((finding) => finding.outcome)).toEqual(['passed'])
  })

  it('fails an inline quotation whose lang is wrong, and a lang value that is not a language', async () => {
    const findings = await languageOfPartsCheck.run(
      await browser.open(
        page(
          `<p>The mayor said: <q id="quote" lang="es">${FRENCH}</q></p><p lang="xx" id="bad">Hello there.</p>`,
        ),
      ),
      CONTEXT,
    )
    expect(findings).toMatchObject([
      { outcome: 'failed', element: { selector: '#bad' } },
      { outcome: 'failed', element: { selector: '#quote' } },
    ])
    expect(findings[0]?.message).toBe(
      'lang="xx" is not a valid language code, so assistive technologies cannot use it.',
    )
    expect(findings[1]?.message).toContain('its lang attribute says Spanish')
    expect(findings[1]?.actRules).toEqual(['off6ek'])
  })
})
