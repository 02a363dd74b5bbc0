import { type ListQuery, pagedListSchema, SiteListItemSchema } from '@canopy/contracts'
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { readListParams } from '@/components/ui/list'
import { PAGING, STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { siteQueryKeys } from './query-keys'

const SiteListSchema = pagedListSchema(SiteListItemSchema)

/** The sites lists open sorted by name. */
export const SITE_LIST_DEFAULTS = { sortBy: 'siteName', sortDir: 'asc' } as const

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

/** The route loader of a sites list: starts loading the page the URL asks for while the screen renders. */
export const sitesListLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    const params = readListParams(new URL(request.url).searchParams, SITE_LIST_DEFAULTS)
    void queryClient.prefetchQuery(getSitesQueryOptions({ ...params, pageSize: PAGING.defaultPageSize }))
    return null
  }
