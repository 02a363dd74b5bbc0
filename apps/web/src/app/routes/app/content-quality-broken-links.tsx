import { BrokenLinksScreen } from '@/features/content-quality/components/broken-links'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** content-quality/broken-links, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <BrokenLinksScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
