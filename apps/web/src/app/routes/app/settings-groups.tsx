import { GroupsScreen } from '@/features/groups/components/groups-screen'
import { AreaGate } from './area-gate'

/** settings/groups (site admins): the site's groups. */
export function Component() {
  return <AreaGate>{(scope) => <GroupsScreen siteSlug={scope.siteSlug} />}</AreaGate>
}
