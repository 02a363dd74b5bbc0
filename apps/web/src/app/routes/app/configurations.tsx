import type { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { readListParams } from '@/components/ui/list'
import { PAGING } from '@/config/constants'
import { getSitesQueryOptions } from '@/features/sites/api/get-sites'
import { SiteConfigurations } from '@/features/sites/components/site-configurations'
import { SITE_LIST_DEFAULTS } from '@/features/sites/components/site-selector'
import { useDocumentTitle } from '@/hooks/use-document-title'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    const params = readListParams(new URL(request.url).searchParams, SITE_LIST_DEFAULTS)
    void queryClient.prefetchQuery(getSitesQueryOptions({ ...params, pageSize: PAGING.defaultPageSize }))
    return null
  }

export function Component() {
  useDocumentTitle('Configurations')
  return <SiteConfigurations />
}
