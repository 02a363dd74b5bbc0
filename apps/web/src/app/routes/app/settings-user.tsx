import { useParams } from 'react-router'
import { useStoredUser } from '@/features/auth/api/stored-user'
import { SiteUserDetailScreen } from '@/features/site-users/components/site-user-detail-screen'
import { useFeatureFlags } from '@/lib/feature-flags'
import { AreaGate } from './area-gate'

/**
 * settings/user/:userId: one user of the site; admins change their role, editors read it. The account
 * expiry shows only with the user-account-expiry flag on.
 */
export function Component() {
  const { userId = '' } = useParams()
  const user = useStoredUser()
  return (
    <AreaGate>
      {(scope) => (
        <UserDetail
          isStaff={user?.isStaff ?? false}
          siteSlug={scope.siteSlug}
          siteName={scope.site.siteName}
          userId={userId}
          canManage={scope.site.permissions.includes('manageMembers')}
        />
      )}
    </AreaGate>
  )
}

function UserDetail({
  isStaff,
  ...props
}: {
  isStaff: boolean
  siteSlug: string
  siteName: string
  userId: string
  canManage: boolean
}) {
  const flags = useFeatureFlags(isStaff, props.siteSlug)
  return <SiteUserDetailScreen {...props} showAccountExpiry={flags.isActive('user-account-expiry')} />
}
