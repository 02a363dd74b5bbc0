import { AssignedIssuesScreen } from '@/features/assigned-issues/components/assigned-issues-screen'
import { AreaGate } from './area-gate'

/** assigned-issues, under the site or one of its sections (productVersion 2.1.0 and later). */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <AssignedIssuesScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          canAssign={scope.site.permissions.includes('assignIssues')}
        />
      )}
    </AreaGate>
  )
}
