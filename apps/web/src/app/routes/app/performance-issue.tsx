import { useParams } from 'react-router'
import { PerformanceIssueScreen } from '@/features/performance/components/performance-issue'
import { AreaGate } from './area-gate'

/** performance/issues/:issueName, under the site or one of its sections. */
export function Component() {
  const { issueName = '' } = useParams()
  return (
    <AreaGate>
      {(scope) => (
        <PerformanceIssueScreen
          key={issueName}
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          issueName={issueName}
        />
      )}
    </AreaGate>
  )
}
