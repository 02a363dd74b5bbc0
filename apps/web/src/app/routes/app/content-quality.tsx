import { ContentQualityOverview } from '@/features/content-quality/components/content-quality-overview'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** content-quality (the overview), under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <ContentQualityOverview
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
