import { UptimeScreen } from '@/features/uptime/components/uptime-screen'
import { AreaGate } from './area-gate'

/**
 * performance/uptime (behind the performance/uptime flag). Uptime is the site's, not a section's: under a
 * section it shows the same site-wide figures.
 */
export function Component() {
  return <AreaGate>{(scope) => <UptimeScreen siteSlug={scope.siteSlug} />}</AreaGate>
}
