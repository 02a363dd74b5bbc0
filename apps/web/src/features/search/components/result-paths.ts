import type { SearchGroup, SearchResultGroup } from '@canopy/contracts'
import { sitePath } from '@/lib/site-paths'

/** Where each kind of result lives: the screen a result opens, under the same site and section. */
type Scope = { siteSlug: string; sectionSlug: string | null }

const segment = (value: string) => encodeURIComponent(value)

type ItemOf<Group extends SearchGroup> = Extract<SearchResultGroup, { group: Group }>['items'][number]

export const RESULT_PATHS: { [Group in SearchGroup]: (item: ItemOf<Group>) => string } = {
  pages: (item) => `pages/${segment(item.id)}`,
  issues: (item) => `${item.category}/issues/${segment(item.issueId)}`,
  links: (item) => `content-quality/broken-links/${segment(item.id)}`,
  documents: (item) => `documents/${segment(item.id)}`,
  contacts: (item) => `inventory/${item.kind}/${segment(item.id)}`,
}

export function resultHref<Group extends SearchGroup>(
  scope: Scope,
  group: Group,
  item: ItemOf<Group>,
): string {
  return sitePath(scope.siteSlug, scope.sectionSlug, RESULT_PATHS[group](item))
}

/** The search page, for one term, and optionally one group's page of results. */
export function searchPageHref(
  scope: Scope,
  search: string,
  { group, page }: { group?: SearchGroup; page?: number } = {},
): string {
  const params = new URLSearchParams({ search })
  if (group) params.set('group', group)
  if (page && page > 1) params.set('page', String(page))
  return `${sitePath(scope.siteSlug, scope.sectionSlug, 'search')}?${params.toString()}`
}
