import { useParams } from 'react-router'
import { IssueDetailScreen } from '@/features/accessibility/components/issue-detail'
import { compareVersions } from '@/lib/version'
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
          ticketAccess={{
            // Tickets are offered when the site's tracker is on and its product version is above 2.1.0.
            isOffered:
              scope.site.jiraIntegration.enabled && compareVersions(scope.site.productVersion, '2.1.0') > 0,
            canManage: scope.site.permissions.includes('manageTickets'),
          }}
          canAssign={scope.site.permissions.includes('assignIssues')}
        />
      )}
    </AreaGate>
  )
}
