import { useParams } from 'react-router'
import { ContentQualityIssueScreen } from '@/features/content-quality/components/content-quality-issue'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** content-quality/issues/:issueName, under the site or one of its sections. */
export function Component() {
  const { issueName = '' } = useParams()
  return (
    <AreaGate>
      {(scope) => (
        <ContentQualityIssueScreen
          key={issueName}
          issueName={issueName}
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
