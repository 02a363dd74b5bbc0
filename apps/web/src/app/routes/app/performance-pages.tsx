import { PerformancePagesScreen } from '@/features/performance/components/performance-pages'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** performance/pages, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <PerformancePagesScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
