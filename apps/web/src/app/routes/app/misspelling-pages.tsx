import { useParams } from 'react-router'
import { MisspellingPagesScreen } from '@/features/dictionaries/components/misspelling-pages-screen'
import { AreaGate } from './area-gate'

/** content-quality/misspellings/:misspellingId: the pages a misspelt word is on. */
export function Component() {
  const { misspellingId = '' } = useParams()
  return (
    <AreaGate>
      {(scope) => (
        <MisspellingPagesScreen
          site={scope.site}
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          misspellingId={misspellingId}
        />
      )}
    </AreaGate>
  )
}
