import { IssueListScreen } from '@/features/accessibility/components/issue-list'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** accessibility/issues, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <IssueListScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
