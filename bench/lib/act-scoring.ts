/**
 * Scoring of engine findings against the W3C ACT rules test cases (bench/act-rules.ts): a finding speaks for
 * an ACT rule when the engine rule that produced it implements that ACT rule (its actRules). A failed example
 * is caught when such a finding failed; a failure on a passed or inapplicable example is a false positive.
 */
import type { Finding } from '../../apps/worker/src/audits/engines/finding.js'

export type Expected = 'passed' | 'failed' | 'inapplicable'
export const BENCH_ENGINES = ['axe', 'equal-access', 'canopy'] as const
export type BenchEngine = (typeof BENCH_ENGINES)[number]
/** every engine's findings of one run, in one list */
export const allFindings = (run: TestCaseRun) => BENCH_ENGINES.flatMap((engine) => run.findings[engine] ?? [])

/** One entry of the corpus' testcases.json. */
export interface TestCase {
  ruleId: string
  ruleName: string
  expected: Expected
  relativePath: string
  ruleAccessibilityRequirements?: Record<string, { forConformance?: boolean }> | null
}

export interface TestCaseRun {
  testCase: TestCase
  findings: Record<BenchEngine, Finding[]>
  ms: Record<BenchEngine, number>
  error?: string
}

export interface EngineScore {
  /** some engine rule carried this ACT rule's id on one of its test cases */
  implemented: boolean
  failedExamples: number
  caught: number
  falsePassed: number
  falseInapplicable: number
  /** examples with a review for the rule and no failure */
  review: number
  /** distinct elements failed on failed examples (the combined score counts an element several engines failed once) */
  failedElements: number
}

export interface RuleScore extends Record<BenchEngine | 'combined', EngineScore> {
  ruleId: string
  ruleName: string
  examples: Record<Expected, number>
  /** any engine's failure on an element, with a WCAG criterion among those the rule is for */
  byCriteria: { caught: number; falsePassed: number }
}

/** The WCAG criteria an ACT rule is for: its requirements 'wcag20:1.1.1' that count for conformance. */
export function criteriaOfRule(testCase: TestCase): string[] {
  return Object.entries(testCase.ruleAccessibilityRequirements ?? {})
    .filter(([key, requirement]) => /^wcag2\d:/.test(key) && requirement.forConformance)
    .map(([key]) => key.split(':')[1] as string)
}

function scoreEngine(runs: TestCaseRun[], findingsOf: (run: TestCaseRun) => Finding[]): EngineScore {
  const score: EngineScore = {
    implemented: false,
    failedExamples: 0,
    caught: 0,
    falsePassed: 0,
    falseInapplicable: 0,
    review: 0,
    failedElements: 0,
  }
  for (const run of runs) {
    const expected = run.testCase.expected
    const mapped = findingsOf(run).filter((finding) => finding.actRules.includes(run.testCase.ruleId))
    const failed = mapped.filter((finding) => finding.outcome === 'failed')
    if (mapped.length > 0) score.implemented = true
    if (expected === 'failed') score.failedExamples++
    if (failed.length > 0) {
      if (expected === 'failed') score.caught++
      if (expected === 'passed') score.falsePassed++
      if (expected === 'inapplicable') score.falseInapplicable++
    } else if (mapped.some((finding) => finding.outcome === 'review')) score.review++
    if (expected === 'failed')
      score.failedElements += new Set(failed.map((finding) => finding.element?.key ?? finding.ruleId)).size
  }
  return score
}

function scoreByCriteria(runs: TestCaseRun[], demote: (findings: Finding[]) => Finding[]) {
  const result = { caught: 0, falsePassed: 0 }
  for (const run of runs) {
    const criteria = criteriaOfRule(run.testCase)
    const hit = demote(allFindings(run)).some(
      (finding) =>
        finding.outcome === 'failed' &&
        finding.element !== null &&
        finding.criteria.some((criterion) => criteria.includes(criterion)),
    )
    if (hit && run.testCase.expected === 'failed') result.caught++
    if (hit && run.testCase.expected === 'passed') result.falsePassed++
  }
  return result
}

/** Scores per ACT rule, ordered by rule id; `demote` turns the raw findings into the reported ones. */
export function evaluateCorpus(runs: TestCaseRun[], demote: (findings: Finding[]) => Finding[]): RuleScore[] {
  const byRule = new Map<string, TestCaseRun[]>()
  for (const run of runs) byRule.set(run.testCase.ruleId, [...(byRule.get(run.testCase.ruleId) ?? []), run])
  return [...byRule.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([ruleId, ruleRuns]) => {
      const count = (expected: Expected) =>
        ruleRuns.filter((run) => run.testCase.expected === expected).length
      return {
        ruleId,
        ruleName: ruleRuns[0]?.testCase.ruleName ?? '',
        examples: { failed: count('failed'), passed: count('passed'), inapplicable: count('inapplicable') },
        axe: scoreEngine(ruleRuns, (run) => demote(run.findings.axe)),
        'equal-access': scoreEngine(ruleRuns, (run) => demote(run.findings['equal-access'])),
        canopy: scoreEngine(ruleRuns, (run) => demote(run.findings.canopy ?? [])),
        // the union of every engine's findings; an element several failed counts once
        combined: scoreEngine(ruleRuns, (run) => demote(allFindings(run))),
        byCriteria: scoreByCriteria(ruleRuns, demote),
      }
    })
}
