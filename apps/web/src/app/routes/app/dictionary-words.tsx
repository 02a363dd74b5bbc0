import { GLOBAL_DICTIONARY } from '@canopy/contracts'
import { useParams } from 'react-router'
import { NotFoundView } from '@/components/errors/error-views'
import { DictionaryWordsScreen } from '@/features/dictionaries/components/dictionary-words-screen'
import { AreaGate } from './area-gate'

/** A language code as the dictionary routes take it; anything else is not a dictionary. */
const LANGUAGE = /^[a-z]{2,3}$/

/** content-quality/dictionaries/dictionary (global) and .../dictionary/:language: one dictionary's words. */
export function Component() {
  const { language } = useParams()
  if (language !== undefined && !LANGUAGE.test(language)) return <NotFoundView />
  return (
    <AreaGate>
      {(scope) => (
        <DictionaryWordsScreen
          site={scope.site}
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          lang={language ?? GLOBAL_DICTIONARY}
        />
      )}
    </AreaGate>
  )
}
