import { BillingSettings } from '@/features/site-settings/components/billing-settings'
import { AreaGate } from './area-gate'

/** settings/billing (site admins, flag settings/accountbilling): the site's organisation's account details. */
export function Component() {
  return <AreaGate>{(scope) => <BillingSettings organisation={scope.site.organisation} />}</AreaGate>
}
