import { type ListQuery, pagedListSchema, SiteListItemSchema } from '@canopy/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { siteQueryKeys } from './query-keys'

const SiteListSchema = pagedListSchema(SiteListItemSchema)

/** The sites the signed-in user may see, as one page of the shared list query. */
export function getSites(query: Partial<ListQuery>, signal?: AbortSignal) {
  return requestApi('/api/v1/sites', { params: query, schema: SiteListSchema, signal })
}

export const getSitesQueryOptions = (query: Partial<ListQuery>) =>
  queryOptions({
    queryKey: siteQueryKeys.list(query),
    queryFn: ({ signal }) => getSites(query, signal),
    staleTime: STALE_TIME.list,
    placeholderData: keepPreviousData,
  })

export function useSites(query: Partial<ListQuery>) {
  return useQuery(getSitesQueryOptions(query))
}
