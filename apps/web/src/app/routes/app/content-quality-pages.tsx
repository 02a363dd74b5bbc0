import { ContentQualityPagesScreen } from '@/features/content-quality/components/content-quality-pages'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** content-quality/pages, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <ContentQualityPagesScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
