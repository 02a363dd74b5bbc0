import { ScanSettings } from '@/features/site-settings/components/scan-settings'
import { AreaGate } from './area-gate'

/** settings/scans (site admins, flag settings/scans): schedule, limits, user agent, robots.txt. */
export function Component() {
  return <AreaGate>{(scope) => <ScanSettings site={scope.site} />}</AreaGate>
}
