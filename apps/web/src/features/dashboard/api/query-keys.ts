/**
 * The dashboard's queries sit under the site's detail key (['sites', 'detail', slug]), so a finished scan
 * (lib/live-scans) refreshes them all at once.
 */
export type SectionScope = { sectionId?: string }

export const dashboardQueryKeys = {
  history: (siteSlug: string, scope: SectionScope) =>
    ['sites', 'detail', siteSlug, 'history', scope] as const,
  scanDetails: (siteSlug: string, scope: SectionScope) =>
    ['sites', 'detail', siteSlug, 'scan-details', scope] as const,
  worstPages: (siteSlug: string, scope: SectionScope) =>
    ['sites', 'detail', siteSlug, 'worst-pages', scope] as const,
  issuesOverview: (siteSlug: string, scope: SectionScope) =>
    ['sites', 'detail', siteSlug, 'issues-overview', scope] as const,
  alerts: (siteSlug: string) => ['alerts', siteSlug] as const,
}

export function sitePathOf(siteSlug: string, rest: string): string {
  return `/api/v1/sites/${encodeURIComponent(siteSlug)}/${rest}`
}
