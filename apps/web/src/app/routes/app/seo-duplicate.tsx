import { useParams } from 'react-router'
import { DuplicateDetailScreen } from '@/features/seo/components/duplicate-detail'
import { AreaGate } from './area-gate'

/** seo/duplicate-content/:dupeId, under the site or one of its sections. */
export function Component() {
  const { dupeId = '' } = useParams()
  return (
    <AreaGate>
      {(scope) => (
        <DuplicateDetailScreen
          key={dupeId}
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          dupeId={dupeId}
        />
      )}
    </AreaGate>
  )
}
