import { describe, expect, it } from 'vitest'
import { countSyllables } from './count-syllables.js'
import { detectLanguage, normaliseLanguageTag } from './detect-language.js'
import { levelForFlesch, measureReadability } from './measure-readability.js'

// Dictionary syllable counts (Merriam-Webster hyphenation) of common words, including the irregular cases
// the rules handle: silent e, -es/-ed endings, consonant y, qu/gu, hiatus vowels.
const DICTIONARY_COUNTS: Record<string, number> = {
  the: 1,
  cat: 1,
  a: 1,
  table: 2,
  tables: 2,
  simple: 2,
  whole: 1,
  make: 1,
  makes: 1,
  are: 1,
  free: 1,
  jumped: 1,
  played: 1,
  loved: 1,
  wanted: 2,
  needed: 2,
  created: 3,
  boxes: 2,
  pages: 2,
  horses: 2,
  lovely: 2,
  you: 1,
  yes: 1,
  beyond: 2,
  happy: 2,
  day: 1,
  saying: 2,
  quality: 3,
  queue: 1,
  language: 2,
  radio: 3,
  medium: 3,
  actual: 3,
  video: 3,
  poem: 2,
  doing: 2,
  social: 2,
  nation: 2,
  idea: 3,
  people: 2,
  beautiful: 3,
  readability: 5,
  education: 4,
  university: 5,
  information: 4,
  international: 5,
  communication: 5,
  accessibility: 6,
  everybody: 4,
  computer: 3,
  different: 3,
  interesting: 4,
  family: 3,
  understand: 3,
  because: 2,
  website: 2,
  "don't": 1,
}

describe('countSyllables (English)', () => {
  it.each(Object.entries(DICTIONARY_COUNTS))('%s has %i syllables', (word, expected) => {
    expect(countSyllables(word)).toBe(expected)
  })

  it('ignores case and punctuation, and counts nothing in a word without letters', () => {
    expect(countSyllables('Readability,')).toBe(5)
    expect(countSyllables('123')).toBe(0)
  })

  it('counts German, French and Spanish by their own vowels', () => {
    expect(countSyllables('Häuser', 'de')).toBe(2)
    expect(countSyllables('Wissenschaft', 'de')).toBe(3)
    expect(countSyllables('table', 'fr')).toBe(1)
    expect(countSyllables('poeta', 'es')).toBe(3)
    expect(countSyllables('ciudad', 'es')).toBe(2)
  })
})

describe('measureReadability', () => {
  it('matches the published Flesch scores of the textbook sentences', () => {
    // Both sentences and their scores (24.4 and 69) are the usual worked examples of the Flesch formula.
    const platypus = measureReadability(
      'The Australian platypus is seemingly a hybrid of a mammal and reptilian creature.',
      'en',
      { minWords: 1 },
    )
    expect(platypus.words).toBe(13)
    expect(platypus.flesch).toBeCloseTo(24.4, 1)
    expect(platypus.level).toBe('very-difficult-to-read')
    const sentence = measureReadability(
      'This sentence, taken as a reading passage unto itself, is being used to prove a point.',
      'en',
      { minWords: 1 },
    )
    expect(sentence.flesch).toBeCloseTo(69, 0)
    expect(sentence.level).toBe('average-reading-level')
  })

  it('caps very easy text at 100', () => {
    const result = measureReadability('The cat sat on the mat. '.repeat(10), 'en')
    expect(result.flesch).toBe(100)
    expect(result.level).toBe('very-easy-to-read')
    expect(result.sentences).toBe(10)
    expect(result.words).toBe(60)
  })

  it('gives no score for too little text, and none at or below zero', () => {
    expect(measureReadability('Short page.', 'en')).toMatchObject({ flesch: null, level: null, words: 2 })
    const dense =
      'Notwithstanding institutionalised intergovernmental administrative responsibilities, ' +
      'organisational incompatibilities characteristically necessitate extraordinarily comprehensive ' +
      'reconsideration of constitutional interdependencies, unconstitutionality notwithstanding, ' +
      'internationalisation, industrialisation, decentralisation, individualisation and ' +
      'institutionalisation notwithstanding, electroencephalographically and otorhinolaryngologically.'
    expect(measureReadability(dense, 'en', { minWords: 1 })).toMatchObject({ flesch: null, level: null })
  })

  it('treats line breaks as sentence ends (headings and list items have no full stop)', () => {
    const result = measureReadability('Our services\nWeb design\nHosting and support', 'en', { minWords: 1 })
    expect(result.sentences).toBe(3)
    expect(result.words).toBe(7)
  })

  it('uses the German Amstad formula for German text', () => {
    const text =
      'Der Hund läuft über die Wiese. Die Kinder spielen im Garten. Heute scheint die Sonne. ' +
      'Wir gehen am Abend in die Stadt. Dort essen wir ein Eis und trinken Saft.'
    const result = measureReadability(text, 'de-DE', { minWords: 1 })
    expect(result.language).toBe('de')
    expect(result.formula).toBe('de')
    // 30 words, 5 sentences, 41 syllables: 180 - 30/5 - 58.5 * 41/30 = 94.05
    expect(result.words).toBe(30)
    expect(result.sentences).toBe(5)
    expect(result.flesch).toBeCloseTo(94.1, 1)
  })

  it('falls back to the English formula for languages without an adaptation', () => {
    const result = measureReadability('Il gatto dorme sul divano. '.repeat(8), 'it')
    expect(result.language).toBe('it')
    expect(result.formula).toBe('en')
    expect(result.flesch).not.toBeNull()
  })
})

describe('measureReadability without word spaces', () => {
  it('gives no score for Chinese or Japanese pages', () => {
    const chinese = measureReadability('网站质量监控平台检查可访问性和搜索引擎优化。'.repeat(20), 'zh-CN', {
      minWords: 1,
    })
    expect(chinese).toMatchObject({ language: 'zh', flesch: null, level: null })
    expect(
      measureReadability('ウェブサイトの品質を確認します。'.repeat(20), 'ja', { minWords: 1 }).flesch,
    ).toBeNull()
  })
})

describe('levelForFlesch', () => {
  it.each([
    [100, 'very-easy-to-read'],
    [90, 'very-easy-to-read'],
    [89.9, 'easy-to-read'],
    [80, 'easy-to-read'],
    [75, 'fairly-easy-to-read'],
    [60, 'average-reading-level'],
    [59.9, 'fairly-difficult-to-read'],
    [45, 'moderately-difficult-to-read'],
    [30, 'difficult-to-read'],
    [29.9, 'very-difficult-to-read'],
    [0.1, 'very-difficult-to-read'],
  ])('%d → %s', (flesch, level) => {
    expect(levelForFlesch(flesch)).toBe(level)
  })
})

describe('detectLanguage', () => {
  it('honours the page lang hint', () => {
    expect(detectLanguage('This is clearly English text, whatever the hint says.', 'fr-CA')).toBe('fr')
    expect(normaliseLanguageTag('EN_gb')).toBe('en')
    expect(normaliseLanguageTag('not a tag')).toBeNull()
  })

  it('detects English, German, French, Spanish and Dutch as ISO 639-1', () => {
    expect(
      detectLanguage('The quick brown fox jumps over the lazy dog while the farmer watches from the barn.'),
    ).toBe('en')
    expect(
      detectLanguage(
        'Die Bundesregierung hat heute beschlossen, die Steuern für kleine Unternehmen zu senken.',
      ),
    ).toBe('de')
    expect(
      detectLanguage(
        "Le gouvernement a annoncé aujourd'hui une nouvelle réforme des retraites pour les salariés.",
      ),
    ).toBe('fr')
    expect(
      detectLanguage(
        'El gobierno anunció hoy una nueva reforma de las pensiones para todos los trabajadores.',
      ),
    ).toBe('es')
    expect(
      detectLanguage(
        'De regering heeft vandaag besloten om de belastingen voor kleine bedrijven te verlagen.',
      ),
    ).toBe('nl')
  })

  it('leaves short text without a hint undetermined', () => {
    expect(detectLanguage('Hello')).toBeNull()
  })
})
