import type { FindingElement } from '../engines/finding.js'
import { normaliseLanguageTag, rankLanguages } from '../readability/index.js'
import { type CheckVerdict, findingsOf, quote, readPage, understandingUrl } from './content-findings.js'
import type { PageCheck } from './page-check.js'

/** Shorter passages are names, addresses and phrases whose language trigrams cannot tell. */
const MIN_PASSAGE_LENGTH = 40
/** The text of a passage given to the detector; more does not make it surer, only slower. */
const MAX_PASSAGE_LENGTH = 600
const MAX_PASSAGES = 300
/** Findings per page: a page in the wrong language throughout is one mistake, not hundreds. */
const MAX_FINDINGS = 20
/**
 * How close the declared language's trigrams come to the text's, relative to the closest language (1):
 * below CONFIDENT_SCORE on a passage of CONFIDENT_LENGTH or more the text is not in it (measured: French,
 * German and Italian passages score English 0.66-0.80); below REVIEW_SCORE it may not be.
 */
const CONFIDENT_SCORE = 0.8
const CONFIDENT_LENGTH = 60
const REVIEW_SCORE = 0.9
/**
 * A runner-up this close to the detected language means the trigrams fit many languages alike (short
 * phrases, lists of names: measured 0.96-0.99 on the fixture site's English captions): no finding.
 */
const AMBIGUOUS_SCORE = 0.95
/** The share of the text under the page's own lang that must read as another language for that lang to be wrong. */
const PAGE_MISMATCH_SHARE = 0.8
/** The ACT rules the check's verdicts name: the page's lang (3.1.1), an element's own lang (3.1.2). */
export const PAGE_LANGUAGE_ACT_RULE = 'ucwvc8'
export const ELEMENT_LANGUAGE_ACT_RULE = 'off6ek'

export interface Passage {
  /** the passage's block, or the element inside it that carries its own lang */
  element: FindingElement
  text: string
  /** the lang in force for it (nearest lang attribute), null when none is */
  lang: string | null
  /** that lang is on the element itself, not inherited from an ancestor */
  ownLang: boolean
  /** that lang is the page's, from <html> */
  fromPage?: boolean
}

interface LanguageFacts {
  passages: Passage[]
  langAttributes: { value: string; element: FindingElement }[]
  /** the <html> element */
  page: FindingElement
}

/**
 * The page's text grouped by block and by the lang in force (an inline element with its own lang is its own
 * passage), leaving out code, hidden text and scripts; and every lang attribute below <html>.
 */
const READ_LANGUAGE = `
  const blocks = 'p, li, dd, dt, td, th, blockquote, figcaption, caption, h1, h2, h3, h4, h5, h6, label, legend, summary, div, section, article, aside, main, header, footer, nav, form, body';
  const skip = 'script, style, noscript, template, code, pre, kbd, samp, var, textarea, svg, math, [aria-hidden="true"], [hidden]';
  const groups = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.data.trim() || parent.closest(skip)) continue;
    const block = parent.closest(blocks);
    const carrier = parent.closest('[lang]');
    const owner = carrier && block.contains(carrier) && carrier !== block ? carrier : block;
    const group = groups.get(owner) || { carrier, parts: [] };
    group.parts.push(node.data);
    groups.set(owner, group);
    if (groups.size > args.maxPassages) break;
  }
  const passages = [];
  for (const [owner, group] of groups) {
    const text = group.parts.join(' ').replace(/\\s+/g, ' ').trim();
    if (text.length < args.minLength || !owner.checkVisibility()) continue;
    passages.push({
      element: describe(owner),
      text: text.slice(0, args.maxLength),
      lang: group.carrier ? group.carrier.getAttribute('lang') : null,
      ownLang: group.carrier === owner,
      fromPage: group.carrier === document.documentElement,
    });
  }
  const langAttributes = [...document.body.querySelectorAll('[lang]')].slice(0, 100)
    .map((el) => ({ value: el.getAttribute('lang'), element: describe(el) }));
  return { passages, langAttributes, page: describe(document.documentElement) };
`

const IDENTITY = {
  id: 'canopy-language-of-parts',
  criteria: ['3.1.1', '3.1.2'],
  title: 'The page and each passage in another language must declare their language',
  description:
    "A screen reader reads text with the pronunciation of the language the page declares. The page's " +
    '`lang` must be the language of its text, and a passage in another language needs its own `lang` ' +
    'attribute (`<p lang="fr">`), with a valid language code, or it is read out as gibberish.',
  helpUrl: understandingUrl('language-of-parts'),
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })

/** The language's English name ('fr' → 'French'), or its code when it has none. */
function nameOf(language: string): string {
  return languageNames.of(language) ?? language
}

/**
 * A lang value is valid when its primary subtag is a known language; an empty value (unknown language) is
 * allowed. The registry holds two- and three-letter primary subtags only (four is reserved, five to eight are
 * allowed by the syntax but none is registered); three-letter ones are not judged further, as the registry
 * knows more of them than the runtime does.
 */
export function isValidLang(value: string): boolean {
  const primary = value.trim().split(/[-_]/)[0]?.toLowerCase() ?? ''
  if (value.trim() === '') return true
  if (!/^[a-z]{2,3}$/.test(primary)) return false
  if (primary.length !== 2) return true
  try {
    return languageNames.of(primary) !== undefined
  } catch {
    return false
  }
}

interface Mismatch {
  outcome: 'failed' | 'review'
  /** the language the text reads as */
  detected: string
  /** the primary subtag of the lang in force */
  declared: string
}

/** The passage's text against the lang in force for it: failed when sure it is another language, review when likely. */
function mismatchOf(passage: Passage): Mismatch | null {
  const declared = normaliseLanguageTag(passage.lang)
  const ranking = rankLanguages(passage.text)
  const detected = ranking[0]
  // A declared language the detector does not know cannot be compared with.
  if (!declared || !detected || detected.language === declared) return null
  const declaredScore = ranking.find((entry) => entry.language === declared)?.score
  if (declaredScore === undefined || declaredScore >= REVIEW_SCORE) return null
  const sure = declaredScore < CONFIDENT_SCORE && passage.text.length >= CONFIDENT_LENGTH
  if (!sure && (ranking[1]?.score ?? 0) >= AMBIGUOUS_SCORE) return null
  return { outcome: sure ? 'failed' : 'review', detected: detected.language, declared }
}

/** A passage with what the detector made of its text against its lang (null: no mismatch, or cannot tell). */
interface JudgedPassage {
  passage: Passage
  mismatch: Mismatch | null
}

/** A passage whose text is not in the language in force for it: failed when sure, review when likely. */
export function judgePassage(passage: Passage): CheckVerdict | null {
  const mismatch = mismatchOf(passage)
  return mismatch ? passageVerdict(passage, mismatch) : null
}

function passageVerdict(passage: Passage, mismatch: Mismatch): CheckVerdict {
  const sure = mismatch.outcome === 'failed'
  const where = passage.ownLang ? 'its lang attribute says' : 'the page says'
  return {
    outcome: mismatch.outcome,
    criteria: ['3.1.2'],
    element: passage.element,
    message: `${quote(passage.text)} reads as ${nameOf(mismatch.detected)}, but ${where} ${nameOf(mismatch.declared)} (lang="${passage.lang}"). ${
      sure
        ? 'Give it a lang attribute for its language.'
        : 'Check its language, and give it a lang attribute if it differs.'
    }`,
    // An element's own lang that does not match its text is ACT's "element language subtag matches language".
    actRules: sure && passage.ownLang ? [ELEMENT_LANGUAGE_ACT_RULE] : [],
  }
}

/**
 * Language of page (3.1.1): when the text that takes its language from `<html lang>` reads as another
 * language, nearly all of it (PAGE_MISMATCH_SHARE of its characters), the page's lang is wrong. That is one
 * finding, on `<html>`, not one per passage under 3.1.2. Failed when the passages that say so are sure of it
 * (ACT's "page language subtag matches default language"), review when they are likely.
 */
function pageVerdict(page: FindingElement, judged: JudgedPassage[]): CheckVerdict | null {
  const inherited = judged.filter(({ passage }) => passage.fromPage)
  const lengthOf = (list: JudgedPassage[]) => list.reduce((sum, { passage }) => sum + passage.text.length, 0)
  const total = lengthOf(inherited)
  const mismatched = inherited.filter((entry) => entry.mismatch !== null)
  const shareOf = (list: JudgedPassage[]) => lengthOf(list) / total
  if (total === 0 || shareOf(mismatched) < PAGE_MISMATCH_SHARE) return null
  const sure =
    shareOf(mismatched.filter((entry) => entry.mismatch?.outcome === 'failed')) >= PAGE_MISMATCH_SHARE
  const detected = mostTextIn(mismatched)
  const declared = nameOf(mismatched[0]?.mismatch?.declared ?? '')
  const lang = inherited[0]?.passage.lang ?? ''
  return {
    outcome: sure ? 'failed' : 'review',
    criteria: ['3.1.1'],
    element: page,
    message: sure
      ? `The page's text reads as ${nameOf(detected)}, but <html lang="${lang}"> says ${declared}: screen readers read it all with the wrong pronunciation. Set the page's lang to its language.`
      : `The page's text seems to be ${nameOf(detected)}, but <html lang="${lang}"> says ${declared}. Check the page's language, and set its lang to it.`,
    actRules: sure ? [PAGE_LANGUAGE_ACT_RULE] : [],
  }
}

/** The language most of the mismatched text reads as. */
function mostTextIn(mismatched: JudgedPassage[]): string {
  const lengths = new Map<string, number>()
  for (const { passage, mismatch } of mismatched) {
    if (mismatch) lengths.set(mismatch.detected, (lengths.get(mismatch.detected) ?? 0) + passage.text.length)
  }
  return [...lengths].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ''
}

export function judgeLanguage(facts: LanguageFacts): CheckVerdict[] {
  const invalid: CheckVerdict[] = facts.langAttributes
    .filter((attribute) => !isValidLang(attribute.value))
    .map((attribute) => ({
      outcome: 'failed',
      criteria: ['3.1.2'],
      element: attribute.element,
      message: `lang="${attribute.value}" is not a valid language code, so assistive technologies cannot use it.`,
    }))
  // Each passage's language is detected once, for the page's lang and for its own.
  const judged = facts.passages.map((passage) => ({ passage, mismatch: mismatchOf(passage) }))
  const page = pageVerdict(facts.page, judged)
  // A page whose lang is wrong is one mistake, named on <html>, not again on each passage that inherits it.
  const passages = judged
    .filter(({ passage }) => !(page && passage.fromPage))
    .flatMap(({ passage, mismatch }) => (mismatch ? [passageVerdict(passage, mismatch)] : []))
  return [...invalid, ...(page ? [page] : []), ...passages].slice(0, MAX_FINDINGS)
}

export const languageOfPartsCheck: PageCheck = {
  ...IDENTITY,
  changesPage: false,
  async run(page) {
    const facts = await readPage<LanguageFacts>(page, READ_LANGUAGE, {
      minLength: MIN_PASSAGE_LENGTH,
      maxLength: MAX_PASSAGE_LENGTH,
      maxPassages: MAX_PASSAGES,
    })
    // 3.1.1 is tested where some text takes its language from <html lang>.
    const tested = facts.passages.some((passage) => passage.fromPage) ? ['3.1.1', '3.1.2'] : ['3.1.2']
    return findingsOf(
      { ...IDENTITY, criteria: tested },
      judgeLanguage(facts),
      facts.passages.length + facts.langAttributes.length > 0,
    )
  },
}
