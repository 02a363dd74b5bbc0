import { DuplicateContentScreen } from '@/features/seo/components/duplicate-content'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** seo/duplicate-content, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <DuplicateContentScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
