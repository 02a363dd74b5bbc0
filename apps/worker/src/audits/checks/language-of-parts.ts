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

export interface Passage {
  /** the passage's block, or the element inside it that carries its own lang */
  element: FindingElement
  text: string
  /** the lang in force for it (nearest lang attribute), null when none is */
  lang: string | null
  /** that lang is on the element itself, not inherited from an ancestor */
  ownLang: boolean
}

interface LanguageFacts {
  passages: Passage[]
  langAttributes: { value: string; element: FindingElement }[]
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
    });
  }
  const langAttributes = [...document.body.querySelectorAll('[lang]')].slice(0, 100)
    .map((el) => ({ value: el.getAttribute('lang'), element: describe(el) }));
  return { passages, langAttributes };
`

const IDENTITY = {
  id: 'canopy-language-of-parts',
  criteria: ['3.1.2'],
  title: 'Passages in another language must say so with a lang attribute',
  description:
    'A screen reader reads text with the pronunciation of the language the page declares. A passage in ' +
    'another language needs its own `lang` attribute (`<p lang="fr">`), with a valid language code, or it ' +
    'is read out as gibberish.',
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

/** A passage whose text is not in the language in force for it: failed when sure, review when likely. */
export function judgePassage(passage: Passage): CheckVerdict | null {
  const declared = normaliseLanguageTag(passage.lang)
  const ranking = rankLanguages(passage.text)
  const detected = ranking[0]
  // A declared language the detector does not know cannot be compared with.
  if (!declared || !detected || detected.language === declared) return null
  const declaredScore = ranking.find((entry) => entry.language === declared)?.score
  if (declaredScore === undefined || declaredScore >= REVIEW_SCORE) return null
  const sure = declaredScore < CONFIDENT_SCORE && passage.text.length >= CONFIDENT_LENGTH
  if (!sure && (ranking[1]?.score ?? 0) >= AMBIGUOUS_SCORE) return null
  const where = passage.ownLang ? 'its lang attribute says' : 'the page says'
  return {
    outcome: sure ? 'failed' : 'review',
    element: passage.element,
    message: `${quote(passage.text)} reads as ${nameOf(detected.language)}, but ${where} ${nameOf(declared)} (lang="${passage.lang}"). ${
      sure
        ? 'Give it a lang attribute for its language.'
        : 'Check its language, and give it a lang attribute if it differs.'
    }`,
  }
}

export function judgeLanguage(facts: LanguageFacts): CheckVerdict[] {
  const invalid: CheckVerdict[] = facts.langAttributes
    .filter((attribute) => !isValidLang(attribute.value))
    .map((attribute) => ({
      outcome: 'failed',
      element: attribute.element,
      message: `lang="${attribute.value}" is not a valid language code, so assistive technologies cannot use it.`,
    }))
  const passages = facts.passages.flatMap((passage) => judgePassage(passage) ?? [])
  return [...invalid, ...passages].slice(0, MAX_FINDINGS)
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
    return findingsOf(IDENTITY, judgeLanguage(facts), facts.passages.length + facts.langAttributes.length > 0)
  },
}
