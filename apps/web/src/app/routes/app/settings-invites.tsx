import { InvitesScreen } from '@/features/invites/components/invites-screen'
import { AreaGate } from './area-gate'

/** settings/invites (site admins): send invites and revoke the active ones. */
export function Component() {
  return <AreaGate>{(scope) => <InvitesScreen siteSlug={scope.siteSlug} />}</AreaGate>
}
