import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** axe-core's browser bundle, read once: preloaded into every page with addInitScript (ENVIRONMENT.md: 2x faster than after load). */
export const AXE_SOURCE: string = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export const AXE_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag2aaa',
  'wcag21a',
  'wcag21aa',
  'wcag21aaa',
  'wcag22aa',
  'best-practice',
] as const

/** The parts of axe's result we read (axe's own types would pull the DOM lib into the worker). */
export interface AxeNode {
  target: unknown[]
  html: string
  failureSummary?: string
  any?: { message: string }[]
  all?: { message: string }[]
  none?: { message: string }[]
}
export interface AxeRuleResult {
  id: string
  impact?: string | null
  tags: string[]
  description: string
  help: string
  helpUrl: string
  nodes: AxeNode[]
}
export interface AxeResults {
  violations: AxeRuleResult[]
  passes: AxeRuleResult[]
  incomplete: AxeRuleResult[]
  inapplicable: AxeRuleResult[]
}

/** 'wcag111' → '1.1.1', 'wcag1410' → '1.4.10' (principle and guideline are one digit each). */
export function wcagCriteriaOfTags(tags: string[]): string[] {
  const criteria = new Set<string>()
  for (const tag of tags) {
    const match = /^wcag(\d)(\d)(\d{1,2})$/.exec(tag)
    if (match) criteria.add(`${match[1]}.${match[2]}.${match[3]}`)
  }
  return [...criteria]
}
