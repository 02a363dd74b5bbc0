import { ReadabilityScreen } from '@/features/content-quality/components/readability'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** content-quality/readability, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <ReadabilityScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
