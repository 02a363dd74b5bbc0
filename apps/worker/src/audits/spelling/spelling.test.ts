import { describe, expect, it } from 'vitest'
import { createSpellChecker, tokeniseForSpelling } from './create-spell-checker.js'
import { dictionaryKeyFor, loadDictionary, preloadDictionaries } from './load-dictionary.js'

// Loading a hunspell dictionary takes about a second for English and several for German (README).
const LOAD_TIMEOUT = 30_000

describe('tokeniseForSpelling', () => {
  it('skips URLs, e-mail addresses, handles, numbers, words with digits, acronyms and inner capitals', () => {
    const text =
      'Visit https://example.com/teh-page or www.exmple.org, write to info@exmple.com or @canopybot. ' +
      'The 3rd A4 page has 42 HTML and NASA words, an iPhone and JavaScript; well-known don’t.'
    expect(tokeniseForSpelling(text)).toEqual([
      'Visit',
      'or',
      'write',
      'to',
      'or',
      'The',
      'page',
      'has',
      'and',
      'words',
      'an',
      'and',
      'well',
      'known',
      "don't",
    ])
  })
})

describe('dictionaryKeyFor', () => {
  it('picks the regional dictionary when there is one, else the base language', () => {
    expect(dictionaryKeyFor('en')).toBe('en')
    expect(dictionaryKeyFor('en-US')).toBe('en')
    expect(dictionaryKeyFor('en_GB')).toBe('en-gb')
    expect(dictionaryKeyFor('en-AU')).toBe('en-gb')
    expect(dictionaryKeyFor('fr-CA')).toBe('fr')
    expect(dictionaryKeyFor('de')).toBe('de')
    expect(dictionaryKeyFor('es-MX')).toBe('es')
    expect(dictionaryKeyFor('nl-BE')).toBe('nl')
    expect(dictionaryKeyFor('ja')).toBeNull()
    expect(dictionaryKeyFor(null)).toBeNull()
  })
})

describe('createSpellChecker', () => {
  it(
    'reports distinct misspellings with counts, in English',
    async () => {
      const checker = await createSpellChecker({ language: 'en-US', customWords: [] })
      const text =
        'Teh crawler recieves the page. It recieves every page, and teh report is ready. ' +
        "The site's color scheme doesn't change. Contact sales@canopy.example or see https://canopy.example/teh."
      expect(checker.dictionary).toBe('en')
      expect(checker.misspellings(text)).toEqual([
        { word: 'recieves', count: 2 },
        { word: 'Teh', count: 2 },
      ])
    },
    LOAD_TIMEOUT,
  )

  it(
    "applies the site's custom words, whatever their case",
    async () => {
      const text = 'Zyxo audits Zyxo’s pages. Kubernetes runs it. Frobnicate!'
      const plain = await createSpellChecker({ language: 'en' })
      expect(plain.misspellings(text).map((m) => m.word)).toEqual([
        'Frobnicate',
        'Kubernetes',
        'Zyxo',
        "Zyxo's",
      ])
      const custom = await createSpellChecker({
        language: 'en',
        customWords: ['zyxo', 'Kubernetes', 'frobnicate'],
      })
      expect(custom.misspellings(text)).toEqual([])
    },
    LOAD_TIMEOUT,
  )

  it(
    'uses British spelling for en-GB pages',
    async () => {
      const british = await createSpellChecker({ language: 'en-GB' })
      expect(british.dictionary).toBe('en-gb')
      expect(british.misspellings('The colour of the color.')).toEqual([{ word: 'color', count: 1 }])
    },
    LOAD_TIMEOUT,
  )

  it(
    'checks Dutch and German pages with their own dictionaries',
    async () => {
      const dutch = await createSpellChecker({ language: 'nl' })
      expect(dutch.misspellings('De kinderen spelen vandaag buiten in de tuin. Fautt fautt.')).toEqual([
        { word: 'Fautt', count: 2 },
      ])
      const german = await createSpellChecker({ language: 'de-DE' })
      expect(german.misspellings('Die Straße ist heute sehr schön. Fehlr')).toEqual([
        { word: 'Fehlr', count: 1 },
      ])
    },
    LOAD_TIMEOUT,
  )

  it('reports nothing for a language without a dictionary', async () => {
    const checker = await createSpellChecker({ language: 'ja' })
    expect(checker.dictionary).toBeNull()
    expect(checker.misspellings('anything at all, xyzzy')).toEqual([])
  })

  it(
    'loads each dictionary once per process',
    async () => {
      const first = loadDictionary('en')
      expect(loadDictionary('en')).toBe(first)
      await preloadDictionaries(['en'])
      expect(loadDictionary('en')).toBe(first)
      const { loadMs } = await first
      console.info(`spelling: English dictionary built in ${loadMs.toFixed(0)} ms (once per process)`)
    },
    LOAD_TIMEOUT,
  )
})

// French (about 13 s and 300 MB to build) and Spanish (about 4 s) are checked when asked for, not on every run.
describe.runIf(process.env.CANOPY_TEST_ALL_DICTIONARIES === '1')('French and Spanish dictionaries', () => {
  it('check French and Spanish pages', async () => {
    const french = await createSpellChecker({ language: 'fr' })
    expect(
      french.misspellings("L'été est très chaud aujourd'hui et les enfants jouent dehors. Bonjourr"),
    ).toEqual([{ word: 'Bonjourr', count: 1 }])
    const spanish = await createSpellChecker({ language: 'es' })
    expect(spanish.misspellings('El niño come una manzana en la cocina. Errorr')).toEqual([
      { word: 'Errorr', count: 1 },
    ])
  }, 60_000)
})
