import { useParams } from 'react-router'
import { BrokenLinkDetailScreen } from '@/features/content-quality/components/broken-link-detail'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** content-quality/broken-links/:link, under the site or one of its sections. */
export function Component() {
  const { link = '' } = useParams()
  return (
    <AreaGate>
      {(scope) => (
        <BrokenLinkDetailScreen
          key={link}
          linkId={link}
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
