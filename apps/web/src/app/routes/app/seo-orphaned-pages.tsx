import { OrphanedPagesScreen } from '@/features/seo/components/orphaned-pages'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** seo/orphaned-pages (behind the seo/orphaned-pages flag), under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <OrphanedPagesScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
