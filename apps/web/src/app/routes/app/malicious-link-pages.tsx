import { useParams } from 'react-router'
import { MaliciousLinkPagesScreen } from '@/features/malicious-links/components/malicious-link-pages-screen'
import { AreaGate } from './area-gate'

/** content-quality/malicious-links/:link: the pages that link to a malicious link. */
export function Component() {
  const { link = '' } = useParams()
  return (
    <AreaGate>
      {(scope) => (
        <MaliciousLinkPagesScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          linkId={link}
        />
      )}
    </AreaGate>
  )
}
