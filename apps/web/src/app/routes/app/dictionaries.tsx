import { DictionariesScreen } from '@/features/dictionaries/components/dictionaries-screen'
import { AreaGate } from './area-gate'

/** content-quality/dictionaries: the site's dictionaries. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => <DictionariesScreen siteSlug={scope.siteSlug} sectionSlug={scope.sectionSlug} />}
    </AreaGate>
  )
}
