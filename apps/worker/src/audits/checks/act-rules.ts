import type { Finding } from '../engines/finding.js'
import { ELEMENT_LANGUAGE_ACT_RULE, PAGE_LANGUAGE_ACT_RULE } from './language-of-parts.js'

/**
 * The W3C ACT rules Canopy's checks implement: a finding of the check speaks for them (bench/act-rules.ts
 * scores it against their test cases). `criterion` narrows it to the check's findings under that criterion,
 * for a check that tests several (focus-order: only its keyboard traps are ACT's "no keyboard trap").
 */
const CHECK_ACT_RULES: Record<string, { actRules: string[]; criterion?: string }> = {
  'canopy-meta-refresh': { actRules: ['bc659a'] },
  // It fails media that plays sound for more than 3 s (aaa1bf) with no control to stop it (4c31df): both
  // atomic rules of 80f0bf fail, and so does 80f0bf.
  'canopy-autoplay-media': { actRules: ['80f0bf', 'aaa1bf', '4c31df'] },
  'canopy-bypass-blocks': { actRules: ['cf77f2'] },
  'canopy-focus-visible': { actRules: ['oj04fd'] },
  'canopy-focus-order': { actRules: ['80af7b', 'a1b64e'], criterion: '2.1.2' },
  'canopy-zoom': { actRules: ['59br37'] },
  'canopy-label-in-name': { actRules: ['2ee8b8'] },
  'canopy-contrast-over-images': { actRules: ['afw4f7'] },
}

/** The finding with the ACT rules its check implements (a finding that names its own keeps them). */
export function withCheckActRules(finding: Finding): Finding {
  const mapping = CHECK_ACT_RULES[finding.ruleId]
  if (!mapping || finding.actRules.length > 0) return finding
  if (mapping.criterion && !finding.criteria.includes(mapping.criterion)) return finding
  return { ...finding, actRules: mapping.actRules }
}

/**
 * ACT rules a check names on each finding it makes for them (CheckVerdict.actRules), as its other findings
 * are not about them: language-of-parts names ucwvc8 on a wrong page language, off6ek on a wrong lang of an
 * element.
 */
const NAMED_BY_FINDING: Record<string, string[]> = {
  'canopy-language-of-parts': [PAGE_LANGUAGE_ACT_RULE, ELEMENT_LANGUAGE_ACT_RULE],
}

/** Every ACT rule some check implements. */
export const CHECK_ACT_RULE_IDS: readonly string[] = [
  ...Object.values(CHECK_ACT_RULES).flatMap((mapping) => mapping.actRules),
  ...Object.values(NAMED_BY_FINDING).flat(),
]
