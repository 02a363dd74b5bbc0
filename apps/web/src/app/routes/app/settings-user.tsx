import { useParams } from 'react-router'
import { SiteUserDetailScreen } from '@/features/site-users/components/site-user-detail-screen'
import { AreaGate } from './area-gate'

/** settings/user/:userId: one user of the site; admins change their role, editors read it. */
export function Component() {
  const { userId = '' } = useParams()
  return (
    <AreaGate>
      {(scope) => (
        <SiteUserDetailScreen
          siteSlug={scope.siteSlug}
          siteName={scope.site.siteName}
          userId={userId}
          canManage={scope.site.permissions.includes('manageMembers')}
        />
      )}
    </AreaGate>
  )
}
