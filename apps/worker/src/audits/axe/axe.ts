import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Audit, CategoryResult, IssueLevel } from '@canopy/contracts'

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

/** A failing element: what the renderer shows, and the screenshot file once taken. */
export interface FailingNode {
  ruleId: string
  selector: string
  snippet: string
  nodeLabel: string
  explanation: string
  screenshotPath?: string
}

/** WCAG conformance level from axe's tags; rules outside WCAG (best-practice) are Errors. */
export function levelOfTags(tags: string[]): Exclude<IssueLevel, 'Manual'> {
  if (tags.some((tag) => /^wcag2\d?a$/.test(tag))) return 'A'
  if (tags.some((tag) => /^wcag2\d?aa$/.test(tag))) return 'AA'
  if (tags.some((tag) => /^wcag2\d?aaa$/.test(tag))) return 'AAA'
  return 'Error'
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

export function selectorOf(node: AxeNode): string {
  // Nested arrays are iframe or shadow DOM paths; the last step is the element itself.
  const last = node.target.at(-1)
  if (Array.isArray(last)) return String(last.at(-1) ?? '')
  return String(last ?? '')
}

function labelOf(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (text) return text.slice(0, 80)
  const alt = /(?:aria-label|alt|title|name|id)="([^"]*)"/i.exec(html)?.[1]
  return (alt || html.slice(0, 80)).trim()
}

export function failingNodesOf(rule: AxeRuleResult): FailingNode[] {
  return rule.nodes.map((node) => ({
    ruleId: rule.id,
    selector: selectorOf(node),
    snippet: node.html.slice(0, 500),
    nodeLabel: labelOf(node.html),
    explanation: node.failureSummary ?? '',
  }))
}

/** Weights of the Lighthouse-like score (scoring/README.md): a missed A criterion costs most. */
export const LEVEL_WEIGHTS: Record<Exclude<IssueLevel, 'Manual'>, number> = { A: 10, AA: 7, AAA: 3, Error: 1 }

function toAudit(
  rule: AxeRuleResult,
  outcome: 'failed' | 'manual' | 'passed' | 'notApplicable',
  nodes: FailingNode[],
): Audit {
  const level = outcome === 'manual' ? 'Manual' : levelOfTags(rule.tags)
  const listed = outcome === 'failed' || outcome === 'manual'
  return {
    id: rule.id,
    title: rule.help,
    description: `${rule.description} [Learn more](${rule.helpUrl})`,
    issueLevel: level,
    score: outcome === 'failed' ? 0 : outcome === 'passed' ? 1 : null,
    wcag: wcagCriteriaOfTags(rule.tags),
    nodeCount: listed ? rule.nodes.length : 0,
    details:
      listed && nodes.length
        ? {
            type: 'table',
            headings: [{ key: 'node', valueType: 'node', label: 'Failing Elements' }],
            items: nodes.map((node) => ({
              node: {
                type: 'node',
                selector: node.selector,
                snippet: node.snippet,
                nodeLabel: node.nodeLabel,
                explanation: node.explanation,
                ...(node.screenshotPath ? { screenshotPath: node.screenshotPath } : {}),
              },
            })),
          }
        : null,
  }
}

/**
 * axe's four result lists as a CategoryResult. `nodesByRule` carries the failing nodes (with screenshot
 * paths once taken). Score = weighted pass ratio over rules that passed or failed (manual and
 * not-applicable rules do not count), 0-100, one decimal.
 */
export function mapAxeResults(results: AxeResults, nodesByRule: Map<string, FailingNode[]>): CategoryResult {
  const failed = results.violations.map((rule) =>
    toAudit(rule, 'failed', nodesByRule.get(rule.id) ?? failingNodesOf(rule)),
  )
  const manual = results.incomplete.map((rule) =>
    toAudit(rule, 'manual', nodesByRule.get(rule.id) ?? failingNodesOf(rule)),
  )
  // A rule both incomplete on some nodes and passed on others is listed once, as manual.
  const manualIds = new Set(manual.map((audit) => audit.id))
  const failedIds = new Set(failed.map((audit) => audit.id))
  const passed = results.passes
    .filter((rule) => !manualIds.has(rule.id) && !failedIds.has(rule.id))
    .map((rule) => toAudit(rule, 'passed', []))
  const notApplicable = results.inapplicable.map((rule) => toAudit(rule, 'notApplicable', []))
  const weight = (audit: Audit) => LEVEL_WEIGHTS[audit.issueLevel === 'Manual' ? 'Error' : audit.issueLevel]
  const total = [...failed, ...passed].reduce((sum, audit) => sum + weight(audit), 0)
  const earned = passed.reduce((sum, audit) => sum + weight(audit), 0)
  return {
    score: total === 0 ? null : Math.round((earned / total) * 1000) / 10,
    audits: { failed, manual, passed, notApplicable },
  }
}
