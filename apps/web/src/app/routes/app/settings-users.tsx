import { SiteUsersScreen } from '@/features/site-users/components/site-users-screen'
import { AreaGate } from './area-gate'

/** settings/users: the site's users and their roles (admins change them; editors read them). */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <SiteUsersScreen
          siteSlug={scope.siteSlug}
          siteName={scope.site.siteName}
          canManage={scope.site.permissions.includes('manageMembers')}
        />
      )}
    </AreaGate>
  )
}
