import { MisspellingsScreen } from '@/features/dictionaries/components/misspellings-screen'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** content-quality/misspellings, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <MisspellingsScreen
          site={scope.site}
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
