import { PerformanceOverviewScreen } from '@/features/performance/components/performance-overview'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** performance, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <PerformanceOverviewScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
