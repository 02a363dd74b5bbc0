import { SEARCH_TERM_MIN_LENGTH, type SearchGroup, SearchResponseSchema } from '@canopy/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'

export type SiteSearchQuery = {
  search: string
  sectionId?: string
  /** one group alone, paged */
  group?: SearchGroup
  page?: number
  pageSize?: number
}

/** GET /api/v1/sites/:slug/search: the site's pages, issues, links, documents and contacts matching a term. */
export function getSiteSearch(siteSlug: string, query: SiteSearchQuery, signal?: AbortSignal) {
  return requestApi(`/api/v1/sites/${encodeURIComponent(siteSlug)}/search`, {
    params: query,
    schema: SearchResponseSchema,
    signal,
  })
}

/** Search results are scan results: cached like the other lists (60 s). */
export const getSiteSearchQueryOptions = (siteSlug: string, query: SiteSearchQuery) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'search', query] as const,
    queryFn: ({ signal }) => getSiteSearch(siteSlug, query, signal),
    staleTime: STALE_TIME.list,
  })

/** A term shorter than the API accepts is not sent; the previous results stay while the next load. */
export function useSiteSearch(siteSlug: string, query: SiteSearchQuery) {
  return useQuery({
    ...getSiteSearchQueryOptions(siteSlug, query),
    enabled: isSearchable(query.search),
    placeholderData: keepPreviousData,
  })
}

export function isSearchable(term: string): boolean {
  return term.trim().length >= SEARCH_TERM_MIN_LENGTH
}
