import { useParams } from 'react-router'
import { IssueDetailScreen } from '@/features/accessibility/components/issue-detail'
import { AreaGate } from './area-gate'

/** accessibility/issues/:issueName, under the site or one of its sections. */
export function Component() {
  const { issueName = '' } = useParams()
  return (
    <AreaGate>
      {(scope) => (
        <IssueDetailScreen
          key={issueName}
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          issueName={issueName}
          canAssign={scope.site.permissions.includes('assignIssues')}
        />
      )}
    </AreaGate>
  )
}
