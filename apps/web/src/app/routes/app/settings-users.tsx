import { SiteUsersScreen } from '@/features/site-users/components/site-users-screen'
import { AreaGate } from './area-gate'

/** settings/users (site admins): the site's users and their roles. */
export function Component() {
  return <AreaGate>{(scope) => <SiteUsersScreen siteSlug={scope.siteSlug} />}</AreaGate>
}
