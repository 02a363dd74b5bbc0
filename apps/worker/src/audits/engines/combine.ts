import {
  type Audit,
  type CategoryResult,
  type Conformance,
  conformanceOf,
  ENGINE_IDS,
  type EngineId,
  type IssueLevel,
  levelOfCriteria,
  type WcagTarget,
} from '@canopy/contracts'
import type { Finding, FindingElement } from './finding.js'

/**
 * Combines every engine's findings on one page into one audit per rule and one node per barrier.
 *
 * A barrier is a (WCAG criterion, element) pair: when a second engine fails the same element under a
 * criterion an earlier engine already failed it for, its finding joins that node and that audit as a
 * credit (engines, ACT rules) instead of becoming an issue of its own. Engines are taken in ENGINE_IDS
 * order, so axe's rule names the issue when axe found it. Best practices (no criterion) match only
 * findings of the same engine rule. A result that needs review on an element already failed for the same
 * criterion is covered by that failure and dropped.
 */

export interface CombinedNode {
  selector: string
  snippet: string
  nodeLabel: string
  explanation: string
  engines: EngineId[]
  /** the element's key within the page load (null when it could not be found again) */
  key: number | null
  screenshotPath?: string
}

export interface CombinedAudit {
  /** the issue id: axe's rule id as it always was, another engine's rule as `<engine>:<rule>`, our checks' own ids */
  id: string
  outcome: 'failed' | 'manual' | 'passed' | 'notApplicable'
  title: string
  description: string
  criteria: string[]
  actRules: string[]
  engines: EngineId[]
  nodes: CombinedNode[]
}

/** The issue id of an engine's rule: axe's ids and our checks' ('canopy-…') stand alone, others are prefixed. */
export function auditIdOf(finding: Pick<Finding, 'engine' | 'ruleId'>): string {
  if (finding.engine === 'axe' || finding.engine === 'canopy') return finding.ruleId
  return `${finding.engine}:${finding.ruleId}`
}

const engineRank = (engine: EngineId) => ENGINE_IDS.indexOf(engine)
/** A rule's outcome on the page is its most serious one: failed on one element outweighs passed on others. */
const OUTCOME_RANK: Record<CombinedAudit['outcome'], number> = {
  failed: 0,
  manual: 1,
  passed: 2,
  notApplicable: 3,
}
const addUnique = <T>(list: T[], values: readonly T[]) => {
  for (const value of values) if (!list.includes(value)) list.push(value)
}

/** The keys a finding's element stands under: one per criterion, or its own rule for a best practice. */
function barrierKeys(finding: Finding, element: FindingElement): string[] {
  const where = element.key ?? `${element.selector}`
  if (finding.criteria.length === 0) return [`${auditIdOf(finding)}|${where}`]
  return finding.criteria.map((criterion) => `${criterion}|${where}`)
}

class Combiner {
  readonly audits = new Map<string, CombinedAudit>()
  /** barrier key → the node (and its audit) that holds it, per outcome */
  private readonly barriers = new Map<string, { audit: CombinedAudit; node: CombinedNode }>()

  auditFor(finding: Finding, outcome: CombinedAudit['outcome']): CombinedAudit {
    const id = auditIdOf(finding)
    let audit = this.audits.get(id)
    if (!audit) {
      audit = {
        id,
        outcome,
        title: finding.title,
        description: `${finding.description} [Learn more](${finding.helpUrl})`,
        criteria: [...finding.criteria],
        actRules: [...finding.actRules],
        engines: [finding.engine],
        nodes: [],
      }
      this.audits.set(id, audit)
    }
    if (OUTCOME_RANK[outcome] < OUTCOME_RANK[audit.outcome]) audit.outcome = outcome
    return audit
  }

  /** Files a failed or review finding under an existing barrier (crediting its engine) or as a new node. */
  place(finding: Finding, element: FindingElement, outcome: 'failed' | 'manual'): void {
    const keys = barrierKeys(finding, element).map((key) => `${outcome}|${key}`)
    const held = keys.map((key) => this.barriers.get(key)).find(Boolean)
    if (held) {
      addUnique(held.node.engines, [finding.engine])
      addUnique(held.audit.engines, [finding.engine])
      addUnique(held.audit.actRules, finding.actRules)
      return
    }
    if (outcome === 'manual' && this.coveredByFailure(finding, element)) return
    // A rule failing on some elements lists those; its other elements needing review are not failures.
    if (outcome === 'manual' && this.audits.get(auditIdOf(finding))?.outcome === 'failed') return
    const audit = this.auditFor(finding, outcome)
    const node: CombinedNode = {
      selector: element.selector,
      snippet: element.snippet,
      nodeLabel: element.label,
      explanation: finding.message,
      engines: [finding.engine],
      key: element.key,
    }
    audit.nodes.push(node)
    for (const key of keys) this.barriers.set(key, { audit, node })
  }

  private coveredByFailure(finding: Finding, element: FindingElement): boolean {
    return barrierKeys(finding, element).some((key) => this.barriers.has(`failed|${key}`))
  }
}

function byEngineOrder(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((a, b) => engineRank(a.engine) - engineRank(b.engine))
}

/** One audit per rule, one node per barrier, failures first so reviews on failed elements are dropped. */
export function combineFindings(findings: readonly Finding[]): CombinedAudit[] {
  const combiner = new Combiner()
  const ordered = byEngineOrder(findings)
  for (const outcome of ['failed', 'review'] as const) {
    for (const finding of ordered) {
      if (finding.outcome !== outcome || !finding.element) continue
      combiner.place(finding, finding.element, outcome === 'failed' ? 'failed' : 'manual')
    }
  }
  for (const finding of ordered) {
    if (finding.outcome === 'passed') combiner.auditFor(finding, 'passed')
    if (finding.outcome === 'inapplicable') combiner.auditFor(finding, 'notApplicable')
  }
  // A rule that failed or needs review on some elements is not also listed as passed on others.
  return [...combiner.audits.values()].filter((audit) => !isListed(audit) || audit.nodes.length > 0)
}

const isListed = (audit: Pick<CombinedAudit, 'outcome'>) =>
  audit.outcome === 'failed' || audit.outcome === 'manual'

/** Weights of the score (scoring/README.md): a missed A criterion costs most. */
export const LEVEL_WEIGHTS: Record<Exclude<IssueLevel, 'Manual'>, number> = { A: 10, AA: 7, AAA: 3, Error: 1 }

function toAudit(audit: CombinedAudit, target: WcagTarget): Audit & { conformance: Conformance } {
  const listed = isListed(audit)
  const conformance = conformanceOf(audit.criteria, target)
  return {
    id: audit.id,
    title: audit.title,
    description: audit.description,
    issueLevel: audit.outcome === 'manual' ? 'Manual' : (levelOfCriteria(audit.criteria) ?? 'Error'),
    score: audit.outcome === 'failed' ? 0 : audit.outcome === 'passed' ? 1 : null,
    wcag: audit.criteria,
    nodeCount: listed ? audit.nodes.length : 0,
    engines: audit.engines,
    actRules: audit.actRules,
    conformance,
    details: listed && audit.nodes.length ? nodeTable(audit.nodes) : null,
  }
}

function nodeTable(nodes: CombinedNode[]): Audit['details'] {
  return {
    type: 'table',
    headings: [{ key: 'node', valueType: 'node', label: 'Failing Elements' }],
    items: nodes.map((node) => ({
      node: {
        type: 'node',
        selector: node.selector,
        snippet: node.snippet,
        nodeLabel: node.nodeLabel,
        explanation: node.explanation,
        engines: node.engines,
        ...(node.screenshotPath ? { screenshotPath: node.screenshotPath } : {}),
      },
    })),
  }
}

/**
 * The page's accessibility result against the site's WCAG target. The score is the weighted pass ratio over
 * the rules of the target that passed or failed (0-100, one decimal); advice (best practices and criteria
 * above the target) and results that need review do not count in it.
 */
export function accessibilityResult(audits: readonly CombinedAudit[], target: WcagTarget): CategoryResult {
  const mapped = audits.map((audit) => ({ outcome: audit.outcome, audit: toAudit(audit, target) }))
  const of = (outcome: CombinedAudit['outcome']) =>
    mapped.filter((entry) => entry.outcome === outcome).map((entry) => entry.audit)
  const failed = of('failed')
  const passed = of('passed')
  const weight = (audit: Audit) => LEVEL_WEIGHTS[audit.issueLevel === 'Manual' ? 'Error' : audit.issueLevel]
  const counted = [...failed, ...passed].filter((audit) => audit.conformance === 'failure')
  const total = counted.reduce((sum, audit) => sum + weight(audit), 0)
  const earned = counted.filter((audit) => audit.score === 1).reduce((sum, audit) => sum + weight(audit), 0)
  return {
    score: total === 0 ? null : Math.round((earned / total) * 1000) / 10,
    audits: { failed, manual: of('manual'), passed, notApplicable: of('notApplicable') },
  }
}
