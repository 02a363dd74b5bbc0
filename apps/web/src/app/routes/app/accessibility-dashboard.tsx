import { AccessibilityDashboard } from '@/features/accessibility/components/accessibility-dashboard'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** The accessibility dashboard, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <AccessibilityDashboard
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
