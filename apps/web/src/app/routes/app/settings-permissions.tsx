import { PermissionsScreen } from '@/features/site-users/components/permissions-screen'
import { AreaGate } from './area-gate'

/** settings/permissions (site admins): what each role may do. */
export function Component() {
  return <AreaGate>{(scope) => <PermissionsScreen siteSlug={scope.siteSlug} />}</AreaGate>
}
