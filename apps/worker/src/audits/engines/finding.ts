import type { EngineId } from '@canopy/contracts'

/**
 * One engine's result on one element (or, for a rule that passed, on none), in one shape whoever produced it:
 * axe-core, IBM Equal Access or one of Canopy's own checks. The combiner (combine.ts) merges the findings of
 * every engine into one audit per rule and one node per barrier, keyed by (WCAG criterion, element).
 *
 * Outcomes follow the W3C ACT rules format: failed, passed, and 'review' for what an engine could not decide
 * (axe's incomplete, Equal Access' potential and manual, a check's cantTell); a review is never a failure.
 * 'inapplicable' names a rule that found nothing to test on the page (rule-level, no element).
 */
export type FindingOutcome = 'failed' | 'review' | 'passed' | 'inapplicable'

export interface FindingElement {
  /**
   * The element's key within this page load (element-keys.ts): every engine's finding on the same element
   * carries the same key. Null when the element could not be found again (it left the document).
   */
  key: number | null
  /** a CSS selector that finds it */
  selector: string
  /** its markup, at most 500 characters */
  snippet: string
  /** its text or accessible name, at most 80 characters */
  label: string
}

export interface Finding {
  engine: EngineId
  /** the engine's own rule id: 'image-alt', 'img_alt_valid', 'target-size' */
  ruleId: string
  outcome: FindingOutcome
  /** WCAG success criteria, e.g. ['1.1.1']; empty for a best practice */
  criteria: string[]
  /** the W3C ACT rules the engine's rule implements, e.g. ['23a2a8'] */
  actRules: string[]
  /** the rule's title, as a sentence ('Images must have alternative text') */
  title: string
  /** what the rule checks, in markdown */
  description: string
  /** where the engine documents the rule */
  helpUrl: string
  /** null for a rule that passed as a whole (no element named) */
  element: FindingElement | null
  /** why this element failed or needs review, for the person fixing it */
  message: string
}
