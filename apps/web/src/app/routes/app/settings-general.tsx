import { GeneralSettings } from '@/features/site-settings/components/general-settings'
import { AreaGate } from './area-gate'

/** settings (general), site admins: the site's name, form factor and time zone. */
export function Component() {
  return <AreaGate>{(scope) => <GeneralSettings site={scope.site} />}</AreaGate>
}
