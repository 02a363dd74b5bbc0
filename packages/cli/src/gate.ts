import { SCORE_NAMES, type ScanOptions, type ScoreName } from './args.js'

export type Scores = Record<ScoreName, number | null>

export interface NewIssue {
  category: string
  id: string
  title: string
  /** pages where it started failing in this scan */
  pagesNew: number
}

/**
 * What the issues are measured against: a site's (or site page's) previous scan, or nothing (a page scanned
 * on its own, whose failed issues all count as new).
 */
export type Baseline = 'previous-scan' | 'none'

export interface GateResult {
  passed: boolean
  /** one line per failed gate, for people */
  failures: string[]
}

/**
 * The gates of a CI run: each --min-score threshold against the scan's score (a score the scan did not
 * produce fails its threshold: nothing proves it is met), and, with --fail-on-new-issues, no new failed issue.
 */
export function evaluateGates(
  options: Pick<ScanOptions, 'minScores' | 'failOnNewIssues'>,
  scores: Scores,
  newIssues: NewIssue[],
  baseline: Baseline = 'previous-scan',
): GateResult {
  const failures: string[] = []
  for (const name of SCORE_NAMES) {
    const minimum = options.minScores[name]
    if (minimum === undefined) continue
    const score = scores[name]
    if (score === null) failures.push(`${name}: no score from this scan (minimum ${minimum})`)
    else if (score < minimum) failures.push(`${name}: ${score} is below the minimum ${minimum}`)
  }
  if (options.failOnNewIssues && newIssues.length > 0) {
    const count = `${newIssues.length} ${baseline === 'none' ? '' : 'new '}failed issue${newIssues.length === 1 ? '' : 's'}`
    failures.push(`${count} ${baseline === 'none' ? 'on the page' : 'since the previous scan'}`)
  }
  return { passed: failures.length === 0, failures }
}

/** The summary a person reads in the CI log. */
export function formatReport(
  subject: string,
  scores: Scores,
  newIssues: NewIssue[],
  gate: GateResult,
  baseline: Baseline = 'previous-scan',
): string {
  const lines = [`Canopy scan of ${subject}`, '', 'Scores:']
  for (const name of SCORE_NAMES) lines.push(`  ${name.padEnd(15)} ${scores[name] ?? 'no score'}`)
  const heading = baseline === 'none' ? 'failed issues on the page' : 'new failed issues'
  lines.push(
    '',
    newIssues.length === 0
      ? `No ${heading}.`
      : `${heading[0]?.toUpperCase()}${heading.slice(1)} (${newIssues.length}):`,
  )
  for (const issue of newIssues) {
    const pages = baseline === 'none' ? '' : `: ${issue.pagesNew} new page(s)`
    lines.push(`  [${issue.category}] ${issue.title} (${issue.id})${pages}`)
  }
  lines.push('', gate.passed ? 'PASSED' : 'FAILED')
  for (const failure of gate.failures) lines.push(`  - ${failure}`)
  return lines.join('\n')
}
