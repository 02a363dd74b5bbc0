import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Audit } from '@canopy/contracts'

/**
 * Real Lighthouse and axe output pinned per tool version under tests/fixtures/tool-output (captured from
 * our own runs by bench/capture-tool-output.ts). Component tests draw these, never hand-made details.
 */
const TOOL_OUTPUT = path.resolve(import.meta.dirname, '../../../../../../tests/fixtures/tool-output')

export type LighthouseAudit = {
  id: string
  title: string
  description: string
  score: number | null
  scoreDisplayMode: string
  displayValue?: string
  details?: { type: string; [key: string]: unknown }
}
export type LighthouseResult = {
  lighthouseVersion: string
  audits: Record<string, LighthouseAudit>
  fullPageScreenshot?: {
    screenshot: { data: string; width: number; height: number }
    nodes: Record<string, { top: number; left: number; width: number; height: number }>
  }
}

const cache = new Map<string, unknown>()

function readJson<T>(relativePath: string): T {
  const file = path.join(TOOL_OUTPUT, relativePath)
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')))
  return cache.get(file) as T
}

export function readLighthouse(file: string, version = '13.5.0'): LighthouseResult {
  return readJson<LighthouseResult>(`lighthouse-${version}/${file}`)
}

export function lighthouseDetails(lhr: LighthouseResult, auditId: string) {
  const audit = lhr.audits[auditId]
  if (!audit?.details) throw new Error(`${auditId} has no details in the fixture`)
  return audit.details
}

/** A Lighthouse audit in our Audit shape, as the worker stores it. */
export function toAudit(lhr: LighthouseResult, auditId: string): Audit {
  const audit = lhr.audits[auditId]
  if (!audit) throw new Error(`${auditId} is not in the fixture`)
  return {
    id: audit.id,
    title: audit.title,
    description: audit.description,
    issueLevel: 'Error',
    score: audit.score,
    displayValue: audit.displayValue,
    wcag: [],
    nodeCount: 0,
    details: audit.details ?? null,
  }
}

type AxeNode = { target: unknown[]; html: string; failureSummary?: string }
type AxeRule = {
  id: string
  tags: string[]
  description: string
  help: string
  helpUrl: string
  nodes: AxeNode[]
}
export type AxeResults = { url: string; violations: AxeRule[]; incomplete: AxeRule[]; passes: AxeRule[] }

export function readAxe(file: string, version = '4.14.1'): AxeResults {
  return readJson<AxeResults>(`axe-${version}/${file}`)
}

/** axe's own last target step is the element (earlier steps are frames or shadow roots). */
function selectorOf(node: AxeNode): string {
  const last = node.target.at(-1)
  return String(Array.isArray(last) ? last.at(-1) : last)
}

/** An axe violation as the worker turns it into an audit: a node table of the failing elements. */
export function axeRuleToAudit(rule: AxeRule): Audit {
  return {
    id: rule.id,
    title: rule.help,
    description: `${rule.description} [Learn more](${rule.helpUrl})`,
    issueLevel: rule.tags.includes('wcag2aa') || rule.tags.includes('wcag21aa') ? 'AA' : 'A',
    score: 0,
    wcag: [],
    nodeCount: rule.nodes.length,
    details: {
      type: 'table',
      headings: [{ key: 'node', valueType: 'node', label: 'Failing Elements' }],
      items: rule.nodes.map((node) => ({
        node: {
          type: 'node',
          selector: selectorOf(node),
          snippet: node.html,
          nodeLabel: selectorOf(node),
          explanation: node.failureSummary ?? '',
        },
      })),
    },
  }
}

/** The value, or a failed test saying what was missing from the fixture. */
export function must<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`the fixture has no ${what}`)
  return value
}
