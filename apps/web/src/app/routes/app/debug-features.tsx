import { useQuery } from '@tanstack/react-query'
import { NotFoundView } from '@/components/errors/error-views'
import { PageLoader } from '@/components/ui/notice'
import { useStoredUser } from '@/features/auth/api/stored-user'
import { FeatureFlagsScreen } from '@/features/staff/components/feature-flags-screen'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useActiveSite } from '@/lib/active-site'
import { getFeatureFlagsQueryOptions } from '@/lib/feature-flags'

/**
 * /debug/features: for staff everywhere, and for anyone on a host that is not production (where the flags can
 * be overridden in this browser); not found otherwise. The site is the one last opened.
 */
export function Component() {
  useDocumentTitle('Feature flags')
  const user = useStoredUser()
  const siteSlug = useActiveSite()
  const flags = useQuery(getFeatureFlagsQueryOptions(siteSlug))
  const isStaff = user?.isStaff ?? false
  if (!isStaff && flags.isPending) return <PageLoader />
  if (!isStaff && !flags.data?.localOverrides) return <NotFoundView />
  return <FeatureFlagsScreen siteSlug={siteSlug} isStaff={isStaff} />
}
