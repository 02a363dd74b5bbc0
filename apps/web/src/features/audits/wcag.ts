import { WCAG_CRITERIA_BY_ID, type WcagCriterion } from '@canopy/contracts'

/** The criteria of an audit, known ones with their titles, in WCAG's own order of the ids given. */
export function describeCriteria(ids: readonly string[]): { id: string; criterion: WcagCriterion | null }[] {
  return ids.map((id) => ({ id, criterion: WCAG_CRITERIA_BY_ID.get(id) ?? null }))
}
