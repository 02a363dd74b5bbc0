import { ContentQualityResourceSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { siteApi } from './get-malicious-links'

/** GET .../content-quality/resources/:resourceId: the link a detail screen is about. */
export function useLinkResource(siteSlug: string, linkId: string) {
  const path = `${siteApi(siteSlug)}/content-quality/resources/${encodeURIComponent(linkId)}`
  return useQuery({
    queryKey: ['sites', 'resource', path] as const,
    queryFn: ({ signal }) => requestApi(path, { schema: ContentQualityResourceSchema, signal }),
    staleTime: STALE_TIME.list,
  })
}
