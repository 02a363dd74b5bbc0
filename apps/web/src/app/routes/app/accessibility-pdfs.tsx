import { AccessibilityPdfsScreen } from '@/features/accessibility/components/accessibility-pdfs'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** accessibility/pdfs (behind the accessibility/pdfs flag), under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <AccessibilityPdfsScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
