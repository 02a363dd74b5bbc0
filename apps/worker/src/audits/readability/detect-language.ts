import { franc, francAll } from 'franc-min'

/**
 * franc answers ISO 639-3; pages, dictionaries and the rest of Canopy speak ISO 639-1. Only languages franc-min
 * can answer are listed; one without a two-letter code (e.g. Cebuano) is reported as undetermined.
 */
const ISO_639_3_TO_1: Record<string, string> = {
  amh: 'am',
  arb: 'ar',
  azj: 'az',
  bel: 'be',
  ben: 'bn',
  bos: 'bs',
  bul: 'bg',
  ces: 'cs',
  ckb: 'ku',
  cmn: 'zh',
  deu: 'de',
  ell: 'el',
  eng: 'en',
  fra: 'fr',
  fuv: 'ff',
  guj: 'gu',
  hau: 'ha',
  hin: 'hi',
  hrv: 'hr',
  hun: 'hu',
  ibo: 'ig',
  ind: 'id',
  ita: 'it',
  jav: 'jv',
  jpn: 'ja',
  kan: 'kn',
  kaz: 'kk',
  kin: 'rw',
  kor: 'ko',
  lin: 'ln',
  mal: 'ml',
  mar: 'mr',
  mya: 'my',
  nld: 'nl',
  npi: 'ne',
  nya: 'ny',
  pan: 'pa',
  pbu: 'ps',
  pes: 'fa',
  pol: 'pl',
  por: 'pt',
  qug: 'qu',
  ron: 'ro',
  run: 'rn',
  rus: 'ru',
  sin: 'si',
  som: 'so',
  spa: 'es',
  srp: 'sr',
  sun: 'su',
  swe: 'sv',
  swh: 'sw',
  tam: 'ta',
  tel: 'te',
  tgl: 'tl',
  tha: 'th',
  tur: 'tr',
  ukr: 'uk',
  urd: 'ur',
  uzn: 'uz',
  vie: 'vi',
  yor: 'yo',
  zlm: 'ms',
  zul: 'zu',
  zyb: 'za',
}

/** Below this many characters trigram statistics are guesswork, so we trust only a page's own hint. */
const MIN_DETECTABLE_LENGTH = 40

/** 'en-GB', 'EN_gb', ' fr ' → 'en', 'en', 'fr'; anything that is not a language tag → null. */
export function normaliseLanguageTag(tag: string | null | undefined): string | null {
  if (!tag) return null
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return /^[a-z]{2,3}$/.test(primary) ? primary : null
}

/**
 * The page's language as ISO 639-1. A valid lang hint (the page's `lang` attribute) wins: authors know their
 * language better than trigrams do on short or mixed pages. Without a hint we detect from the text.
 */
export function detectLanguage(text: string, hint?: string | null): string | null {
  const fromHint = normaliseLanguageTag(hint)
  if (fromHint) return fromHint
  if (text.trim().length < MIN_DETECTABLE_LENGTH) return null
  const code = franc(text, { minLength: MIN_DETECTABLE_LENGTH })
  return ISO_639_3_TO_1[code] ?? null
}

export interface LanguageScore {
  /** ISO 639-1 */
  language: string
  /** closeness of the text's trigrams to the language's, relative to the closest language (1) */
  score: number
}

/**
 * Every language franc-min knows that has a two-letter code, closest first, with its score: how far the
 * runner-up trails tells how sure the answer is. Empty for a text too short to judge.
 */
export function rankLanguages(text: string): LanguageScore[] {
  if (text.trim().length < MIN_DETECTABLE_LENGTH) return []
  return francAll(text, { minLength: MIN_DETECTABLE_LENGTH }).flatMap(([code, score]) => {
    const language = ISO_639_3_TO_1[code]
    return language ? [{ language, score }] : []
  })
}
