import { InvitesHistoryScreen } from '@/features/invites/components/invites-screen'
import { AreaGate } from './area-gate'

/** settings/invites-history (site admins): the invites no longer active. */
export function Component() {
  return <AreaGate>{(scope) => <InvitesHistoryScreen siteSlug={scope.siteSlug} />}</AreaGate>
}
