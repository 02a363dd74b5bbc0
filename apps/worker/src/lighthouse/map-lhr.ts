import type { Audit, AuditGroups, CategoryResult, PerformanceMetrics } from '@canopy/contracts'

/** The parts of a Lighthouse result (LHR) we read; typed loosely so a newer Lighthouse does not break us. */
export interface LhrAudit {
  id: string
  title: string
  description: string
  score: number | null
  scoreDisplayMode: string
  displayValue?: string
  errorMessage?: string
  numericValue?: number
  details?: { type: string; items?: unknown[]; [key: string]: unknown }
}

export interface LhrCategory {
  id: string
  score: number | null
  auditRefs: { id: string; weight: number; group?: string }[]
}

export interface Lhr {
  lighthouseVersion: string
  requestedUrl?: string
  finalDisplayedUrl?: string
  runtimeError?: { code: string; message: string }
  runWarnings?: string[]
  audits: Record<string, LhrAudit>
  categories: Record<string, LhrCategory>
  timing?: { total: number }
  /** the host's CPU benchmark; Lighthouse's own run measures it (see reuseBenchmarkIndex in child.ts) */
  environment?: { benchmarkIndex?: number }
}

/** Groups that hold metrics (shown as metrics, not issues) or internal audits: never listed as issues. */
const UNLISTED_GROUPS = new Set(['hidden', 'metrics'])

/** Lighthouse's own threshold: its report shows an audit with score >= 0.9 as passed. */
const PASSING_SCORE = 0.9

function countItems(details: LhrAudit['details']): number {
  if (!details) return 0
  if (details.type === 'table' || details.type === 'opportunity' || details.type === 'list') {
    return Array.isArray(details.items) ? details.items.length : 0
  }
  return 0
}

/** issueLevel 'Manual' for what a person must judge, else 'Error' (the level the audit has when it fails). */
function toAudit(audit: LhrAudit, group: string | undefined, failing: boolean, manual: boolean): Audit {
  const displayValue = audit.scoreDisplayMode === 'error' ? audit.errorMessage : audit.displayValue
  return {
    id: audit.id,
    title: audit.title,
    description: audit.description,
    issueLevel: manual ? 'Manual' : 'Error',
    score: audit.score,
    ...(displayValue ? { displayValue } : {}),
    wcag: [],
    ...(group ? { group } : {}),
    nodeCount: failing ? countItems(audit.details) : 0,
    details: audit.details ? (audit.details as Audit['details']) : null,
  }
}

/**
 * One Lighthouse category as our CategoryResult. failed: scored audits below Lighthouse's passing threshold
 * (for performance these are the report's opportunities and failing insights/diagnostics); manual: audits a
 * person must check ('manual') and informative ones (the report's diagnostics without a score) and audits
 * that errored (their message as displayValue); passed; notApplicable. Details stay in Lighthouse's formats.
 */
export function mapCategory(lhr: Lhr, categoryId: string): CategoryResult {
  const category = lhr.categories[categoryId]
  const groups: AuditGroups = { failed: [], manual: [], passed: [], notApplicable: [] }
  if (!category) return { score: null, audits: groups }
  for (const ref of category.auditRefs) {
    if (ref.group && UNLISTED_GROUPS.has(ref.group)) continue
    const audit = lhr.audits[ref.id]
    // Skipped audits (skipAudits) are absent from the LHR.
    if (!audit) continue
    switch (audit.scoreDisplayMode) {
      case 'notApplicable':
        groups.notApplicable.push(toAudit(audit, ref.group, false, false))
        break
      case 'manual':
      case 'informative':
      case 'error':
        groups.manual.push(toAudit(audit, ref.group, false, true))
        break
      default:
        if (audit.score !== null && audit.score < PASSING_SCORE) {
          groups.failed.push(toAudit(audit, ref.group, true, false))
        } else {
          groups.passed.push(toAudit(audit, ref.group, false, false))
        }
    }
  }
  return {
    score: category.score === null ? null : Math.round(category.score * 100),
    audits: groups,
  }
}

function readMetric(lhr: Lhr, auditId: string): { value: number; score: number | null } {
  const audit = lhr.audits[auditId]
  if (!audit || typeof audit.numericValue !== 'number') {
    throw new Error(`Lighthouse result lacks the metric ${auditId}`)
  }
  return { value: audit.numericValue, score: audit.score }
}

/** The five lab metrics: values in ms (CLS unitless), scores 0-1 as Lighthouse gives them. */
export function mapMetrics(lhr: Lhr): PerformanceMetrics {
  return {
    firstContentfulPaint: readMetric(lhr, 'first-contentful-paint'),
    speedIndex: readMetric(lhr, 'speed-index'),
    totalBlockingTime: readMetric(lhr, 'total-blocking-time'),
    largestContentfulPaint: readMetric(lhr, 'largest-contentful-paint'),
    cumulativeLayoutShift: readMetric(lhr, 'cumulative-layout-shift'),
  }
}
