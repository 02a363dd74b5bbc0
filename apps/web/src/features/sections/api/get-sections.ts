import { type ListQuery, pagedListSchema, SectionSchema } from '@canopy/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'

const SectionListSchema = pagedListSchema(SectionSchema)

export const sectionQueryKeys = {
  all: (siteSlug: string) => ['sites', 'detail', siteSlug, 'sections'] as const,
  list: (siteSlug: string, query: Partial<ListQuery>) =>
    [...sectionQueryKeys.all(siteSlug), 'list', query] as const,
}

export function getSections(siteSlug: string, query: Partial<ListQuery>, signal?: AbortSignal) {
  return requestApi(`/api/v1/sites/${encodeURIComponent(siteSlug)}/sections`, {
    params: query,
    schema: SectionListSchema,
    signal,
  })
}

export const getSectionsQueryOptions = (siteSlug: string, query: Partial<ListQuery>) =>
  queryOptions({
    queryKey: sectionQueryKeys.list(siteSlug, query),
    queryFn: ({ signal }) => getSections(siteSlug, query, signal),
    staleTime: STALE_TIME.sections,
    placeholderData: keepPreviousData,
  })

export function useSections(siteSlug: string, query: Partial<ListQuery>) {
  return useQuery(getSectionsQueryOptions(siteSlug, query))
}
