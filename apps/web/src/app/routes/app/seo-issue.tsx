import { useParams } from 'react-router'
import { SeoIssueScreen } from '@/features/seo/components/seo-issue'
import { AreaGate } from './area-gate'

/** seo/issues/:issueName, under the site or one of its sections. */
export function Component() {
  const { issueName = '' } = useParams()
  return (
    <AreaGate>
      {(scope) => (
        <SeoIssueScreen
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
