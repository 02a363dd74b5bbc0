import { useParams } from 'react-router'
import { ReadabilityLevelScreen } from '@/features/content-quality/components/readability-level'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** content-quality/readability/:readability, under the site or one of its sections. */
export function Component() {
  const { readability = '' } = useParams()
  return (
    <AreaGate>
      {(scope) => (
        <ReadabilityLevelScreen
          key={readability}
          levelSlug={readability}
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
