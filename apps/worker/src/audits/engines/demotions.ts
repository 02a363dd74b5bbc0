import type { EngineId } from '@canopy/contracts'
import type { Finding } from './finding.js'

/**
 * Engine rules whose failures are reported as 'review', not 'failed': on the W3C ACT rules test cases
 * (bench/act-rules.ts) each reported a failure on at least one passed example of an ACT rule it implements.
 * A failure is only as certain as the rule that reports it; the count after each rule is the number of passed
 * examples it failed in the measured run.
 */
export const DEMOTED_RULES: Readonly<Record<EngineId, ReadonlySet<string>>> = {
  axe: new Set<string>([]),
  'equal-access': new Set<string>([]),
  canopy: new Set<string>([]),
}

/** A failure of a demoted rule becomes a review; everything else is kept as it is. */
export function applyDemotions(findings: Finding[]): Finding[] {
  return findings.map((finding) =>
    finding.outcome === 'failed' && DEMOTED_RULES[finding.engine].has(finding.ruleId)
      ? { ...finding, outcome: 'review' }
      : finding,
  )
}
