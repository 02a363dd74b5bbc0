import { SeoPagesScreen } from '@/features/seo/components/seo-pages'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** seo/pages, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <SeoPagesScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
