import { SeoHealthScreen } from '@/features/seo/components/seo-health'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** seo/health, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <SeoHealthScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
