import { ContentQualityResourceSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { siteApi } from './site-paths'

/** GET .../content-quality/resources/:resourceId: the misspelling a detail screen is about. */
export function useMisspellingResource(siteSlug: string, misspellingId: string) {
  const path = `${siteApi(siteSlug)}/content-quality/resources/${encodeURIComponent(misspellingId)}`
  return useQuery({
    queryKey: ['sites', 'resource', path] as const,
    queryFn: ({ signal }) => requestApi(path, { schema: ContentQualityResourceSchema, signal }),
    staleTime: STALE_TIME.list,
  })
}
