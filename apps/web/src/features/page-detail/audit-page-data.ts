import type { Audit, AuditGroups, AuditIssue, AuditPageData, PageDetail, PageTab } from '@canopy/contracts'

/** Lighthouse groups no screen lists. */
const UNLISTED_GROUPS = new Set(['hidden', 'metrics'])

export type CategoryTab = Extract<PageTab, 'accessibility' | 'seo' | 'performance' | 'content-quality'>
export const CATEGORY_TABS: readonly CategoryTab[] = [
  'accessibility',
  'seo',
  'performance',
  'content-quality',
]

export function isCategoryTab(tab: PageTab): tab is CategoryTab {
  return (CATEGORY_TABS as readonly string[]).includes(tab)
}

export function categoryData(page: PageDetail, tab: CategoryTab): AuditPageData {
  return tab === 'content-quality' ? page.contentQuality : page[tab]
}

const isListed = (issue: AuditIssue) => !issue.group || !UNLISTED_GROUPS.has(issue.group)

/** A page's audit issue in the shape the audit renderer draws. */
export function toAudit(issue: AuditIssue): Audit {
  return {
    id: issue.issueId,
    title: issue.title,
    description: issue.description || issue.issueDescription,
    issueLevel: issue.issueLevel,
    score: issue.score,
    wcag: issue.wcag,
    group: issue.group ?? undefined,
    nodeCount: issue.nodeCount,
    details: issue.details,
    engines: issue.engines,
    actRules: issue.actRules,
    ...(issue.conformance ? { conformance: issue.conformance } : {}),
  }
}

/** The four outcome groups of a category, without the groups no screen lists. */
export function toAuditGroups(data: AuditPageData): AuditGroups {
  const convert = (issues: AuditIssue[]) => issues.filter(isListed).map(toAudit)
  return {
    failed: convert(data.issuesFailed),
    manual: convert(data.issuesManual),
    passed: convert(data.issuesPassed),
    notApplicable: convert(data.issuesNotApplicable),
  }
}

/** Every issue of a category by its id, for what the screen adds under each audit. */
export function issuesById(data: AuditPageData): Map<string, AuditIssue> {
  const all = [...data.issuesFailed, ...data.issuesManual, ...data.issuesPassed, ...data.issuesNotApplicable]
  return new Map(all.map((issue) => [issue.issueId, issue]))
}
