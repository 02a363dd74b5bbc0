import { SectionsSettingsScreen } from '@/features/sections/components/sections-settings'
import { AreaGate } from './area-gate'

/** settings/sections (site admins): the site's sections, with rescan and delete. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <SectionsSettingsScreen
          siteSlug={scope.siteSlug}
          canScan={scope.site.permissions.includes('startScans')}
        />
      )}
    </AreaGate>
  )
}
