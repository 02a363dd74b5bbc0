import { useStoredUser } from '@/features/auth/api/stored-user'
import { SiteUsersScreen } from '@/features/site-users/components/site-users-screen'
import { useFeatureFlags } from '@/lib/feature-flags'
import { AreaGate } from './area-gate'

/**
 * settings/users: the site's users and their roles (admins change them; editors read them); the account
 * expiry column shows only with the user-account-expiry flag on.
 */
export function Component() {
  const user = useStoredUser()
  return (
    <AreaGate>
      {(scope) => (
        <UsersList
          isStaff={user?.isStaff ?? false}
          siteSlug={scope.siteSlug}
          siteName={scope.site.siteName}
          canManage={scope.site.permissions.includes('manageMembers')}
        />
      )}
    </AreaGate>
  )
}

function UsersList({
  isStaff,
  ...props
}: {
  isStaff: boolean
  siteSlug: string
  siteName: string
  canManage: boolean
}) {
  const flags = useFeatureFlags(isStaff, props.siteSlug)
  return <SiteUsersScreen {...props} showAccountExpiry={flags.isActive('user-account-expiry')} />
}
