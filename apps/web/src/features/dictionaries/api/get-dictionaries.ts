import { DictionariesResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { siteApi } from './site-paths'

export const dictionaryQueryKeys = {
  all: (siteSlug: string) => ['sites', 'dictionaries', siteSlug] as const,
}

/** GET /api/v1/sites/:slug/dictionaries: the global dictionary, then one per language. */
export function dictionariesQueryOptions(siteSlug: string) {
  return queryOptions({
    queryKey: [...dictionaryQueryKeys.all(siteSlug), 'list'] as const,
    queryFn: ({ signal }) =>
      requestApi(`${siteApi(siteSlug)}/dictionaries`, { schema: DictionariesResponseSchema, signal }),
    staleTime: STALE_TIME.dictionaries,
  })
}

export function useDictionaries(siteSlug: string) {
  return useQuery(dictionariesQueryOptions(siteSlug))
}
