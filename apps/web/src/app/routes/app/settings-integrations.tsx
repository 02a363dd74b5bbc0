import { IntegrationsScreen } from '@/features/integrations/components/integrations-screen'
import { AreaGate } from './area-gate'

/** settings/integrations (site admins): the web-risk checker's settings. */
export function Component() {
  return <AreaGate>{(scope) => <IntegrationsScreen siteSlug={scope.siteSlug} />}</AreaGate>
}
