import { DictionaryWordSchema, GLOBAL_DICTIONARY, pagedListSchema } from '@canopy/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { dictionaryQueryKeys } from './get-dictionaries'
import { siteApi } from './site-paths'

/** GET /dictionary (global) or /dictionary/:lang: the words of one dictionary, paged. */
export const dictionaryWordsPath = (siteSlug: string, lang: string) =>
  lang === GLOBAL_DICTIONARY
    ? `${siteApi(siteSlug)}/dictionary`
    : `${siteApi(siteSlug)}/dictionary/${encodeURIComponent(lang)}`

const WordsSchema = pagedListSchema(DictionaryWordSchema)

export function useDictionaryWords(siteSlug: string, lang: string, query: ListApiQuery) {
  const path = dictionaryWordsPath(siteSlug, lang)
  return useQuery({
    queryKey: [...dictionaryQueryKeys.all(siteSlug), 'words', lang, query] as const,
    queryFn: ({ signal }) => requestApi(path, { params: query, schema: WordsSchema, signal }),
    staleTime: STALE_TIME.dictionaries,
    placeholderData: keepPreviousData,
  })
}
