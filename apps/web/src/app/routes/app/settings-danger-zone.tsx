import { DangerZone } from '@/features/site-settings/components/danger-zone'
import { AreaGate } from './area-gate'

/** settings/danger-zone (site admins): deleting the site. */
export function Component() {
  return <AreaGate>{(scope) => <DangerZone site={scope.site} />}</AreaGate>
}
