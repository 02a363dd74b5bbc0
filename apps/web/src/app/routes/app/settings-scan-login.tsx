import { ScanLoginScreen } from '@/features/scan-login/components/scan-login-screen'
import { AreaGate } from './area-gate'

/** settings/scan-login (site admins): how scans sign in to reach pages behind a login. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => <ScanLoginScreen siteSlug={scope.siteSlug} rootUri={scope.site.rootUri} />}
    </AreaGate>
  )
}
