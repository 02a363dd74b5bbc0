import { MaliciousLinksScreen } from '@/features/malicious-links/components/malicious-links-screen'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** content-quality/malicious-links, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <MaliciousLinksScreen
          site={scope.site}
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
