import { AccessibilityPagesScreen } from '@/features/accessibility/components/accessibility-pages'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** accessibility/pages, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <AccessibilityPagesScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
