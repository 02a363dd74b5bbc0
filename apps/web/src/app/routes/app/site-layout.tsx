import type { QueryClient } from '@tanstack/react-query'
import { type LoaderFunctionArgs, Outlet, useParams } from 'react-router'
import { getSiteQueryOptions } from '@/features/sites/api/get-site'
import { SiteGuard } from '@/features/sites/components/site-guard'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    if (params.slug) void queryClient.prefetchQuery(getSiteQueryOptions(params.slug))
    return null
  }

/** Every /site/{slug} route, with or without a section, sits behind the site guard. */
export function Component() {
  const { slug = '', sectionSlug = null } = useParams()
  return (
    <SiteGuard siteSlug={slug} sectionSlug={sectionSlug}>
      <Outlet />
    </SiteGuard>
  )
}
