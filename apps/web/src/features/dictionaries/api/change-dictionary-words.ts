import { AddDictionaryWordsResponseSchema, RemoveDictionaryWordsResponseSchema } from '@canopy/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { dictionaryQueryKeys } from './get-dictionaries'
import { siteApi } from './site-paths'

/** POST and DELETE /dictionary/:lang/words ('global' for the global dictionary). */
const wordsPath = (siteSlug: string, lang: string) =>
  `${siteApi(siteSlug)}/dictionary/${encodeURIComponent(lang)}/words`

/**
 * After a change the dictionaries and every list of the site are read again: the words added took their
 * misspellings out of the lists at once.
 */
function useRefreshAfterChange(siteSlug: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dictionaryQueryKeys.all(siteSlug) }),
      queryClient.invalidateQueries({ queryKey: ['sites', 'list'] }),
    ])
}

export function useAddDictionaryWords(siteSlug: string) {
  const refresh = useRefreshAfterChange(siteSlug)
  return useMutation({
    mutationFn: ({ lang, words, ids }: { lang: string; words: string[]; ids?: string[] }) =>
      requestApi(wordsPath(siteSlug, lang), {
        method: 'POST',
        body: { words, ...(ids ? { ids } : {}) },
        schema: AddDictionaryWordsResponseSchema,
      }),
    onSuccess: refresh,
  })
}

export function useRemoveDictionaryWords(siteSlug: string) {
  const refresh = useRefreshAfterChange(siteSlug)
  return useMutation({
    mutationFn: ({ lang, words }: { lang: string; words: string[] }) =>
      requestApi(wordsPath(siteSlug, lang), {
        method: 'DELETE',
        body: { words },
        schema: RemoveDictionaryWordsResponseSchema,
      }),
    onSuccess: refresh,
  })
}
