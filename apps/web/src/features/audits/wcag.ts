import { WCAG_CRITERIA_BY_ID, type WcagCriterion } from '@canopy/contracts'

/**
 * W3C's Understanding page of a WCAG 2.2 success criterion: its title in lower case, words joined by
 * hyphens, without brackets or commas ('1.4.3 Contrast (Minimum)' → contrast-minimum.html).
 */
export function understandingUrl(criterion: WcagCriterion): string {
  const slug = criterion.title.toLowerCase().replace(/[(),]/g, '').trim().replace(/\s+/g, '-')
  return `https://www.w3.org/WAI/WCAG22/Understanding/${slug}.html`
}

/** The criteria of an audit, known ones with their titles, in WCAG's own order of the ids given. */
export function describeCriteria(ids: readonly string[]): { id: string; criterion: WcagCriterion | null }[] {
  return ids.map((id) => ({ id, criterion: WCAG_CRITERIA_BY_ID.get(id) ?? null }))
}
