import type { EngineId } from '@canopy/contracts'
import type { Finding } from './finding.js'

/**
 * Engine rules whose failures are reported as 'review', not 'failed': on the W3C ACT rules test cases
 * (bench/act-rules.ts) each reported a failure on at least one passed example of an ACT rule it implements.
 * A failure is only as certain as the rule that reports it; the count after each rule is the number of passed
 * examples it failed in the measured run (2026-11-27, axe-core 4.14.1, accessibility-checker-engine 4.0.34, the
 * first 550 of the corpus' 1213 test cases: the passed and failed examples of 50 ACT rules).
 */
export const DEMOTED_RULES: Readonly<Record<EngineId, ReadonlySet<string>>> = {
  axe: new Set<string>([
    'label-content-name-mismatch', // 1 passed example (ACT 2ee8b8)
  ]),
  'equal-access': new Set<string>([
    'aria_hidden_nontabbable', // 1 passed example (ACT 6cfa84)
    'aria_id_unique', // 1 (ACT 6a7281)
    'input_autocomplete_valid', // 1 (ACT 73f2c2)
    'label_name_visible', // 2 (ACT 2ee8b8)
    'svg_graphics_labelled', // 1 (ACT 7d6734)
    'text_contrast_sufficient', // 1 (ACT afw4f7)
  ]),
  // Canopy's checks, measured on the test cases of the 8 ACT rules they implement (121 test cases, same day)
  canopy: new Set<string>([
    'canopy-bypass-blocks', // 4 passed examples (ACT cf77f2)
    'canopy-focus-order', // 3 (ACT 80af7b)
    // canopy-autoplay-media failed 1 (80f0bf) by the whole length of a media fragment (#t=8,10) that plays 2 s;
    // it plays the fragment's length since, and failed none of 80f0bf's, aaa1bf's or 4c31df's on 2026-11-27.
  ]),
}

/** A failure of a demoted rule becomes a review; everything else is kept as it is. */
export function applyDemotions(findings: Finding[]): Finding[] {
  return findings.map((finding) =>
    finding.outcome === 'failed' && DEMOTED_RULES[finding.engine].has(finding.ruleId)
      ? { ...finding, outcome: 'review' }
      : finding,
  )
}
