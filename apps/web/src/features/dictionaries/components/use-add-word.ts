import { useState } from 'react'
import { showToast } from '@/components/ui/toast'
import { STORAGE_KEYS, useStoredValue, writeStoredValue } from '@/lib/local-store'
import { useAddDictionaryWords } from '../api/change-dictionary-words'
import { DICTIONARY_TEXT, dictionaryName } from '../labels'

/** idle → adding (1) → added (2) or error (3), per word and dictionary. */
export type AddWordState = 'idle' | 'adding' | 'added' | 'error'

export interface WordToAdd {
  /** the misspelling's id, when the word comes from the misspellings list */
  id?: string
  word: string
  /** 'global' or a language code */
  lang: string
}

const stateKey = (request: WordToAdd) => `${request.lang}\u0000${request.word.toLowerCase()}`

/**
 * Adding a word to a dictionary from a list: the upgrade modal for a site that does not pay, else the
 * confirmation (unless "don't show again" is stored), then the request with its per-word state and toast.
 */
export function useAddWord(siteSlug: string, isPaying: boolean) {
  const skipConfirmation = useStoredValue(STORAGE_KEYS.skipAddWordConfirmation) === 'true'
  const mutation = useAddDictionaryWords(siteSlug)
  const [states, setStates] = useState<Record<string, AddWordState>>({})
  const [confirming, setConfirming] = useState<WordToAdd | null>(null)
  const [upgrading, setUpgrading] = useState(false)

  const setState = (request: WordToAdd, state: AddWordState) =>
    setStates((current) => ({ ...current, [stateKey(request)]: state }))

  const add = async (request: WordToAdd) => {
    setState(request, 'adding')
    try {
      await mutation.mutateAsync({
        lang: request.lang,
        words: [request.word],
        ids: request.id ? [request.id] : undefined,
      })
      setState(request, 'added')
      showToast(DICTIONARY_TEXT.addedToast(request.word, dictionaryName(request.lang)))
    } catch {
      setState(request, 'error')
      showToast(DICTIONARY_TEXT.addError, 'error')
    } finally {
      setConfirming(null)
    }
  }

  return {
    stateOf: (request: WordToAdd): AddWordState => states[stateKey(request)] ?? 'idle',
    request: (request: WordToAdd) => {
      if (!isPaying) setUpgrading(true)
      else if (skipConfirmation) void add(request)
      else setConfirming(request)
    },
    confirming,
    isPending: mutation.isPending,
    confirm: (dontShowAgain: boolean) => {
      if (dontShowAgain) writeStoredValue(STORAGE_KEYS.skipAddWordConfirmation, 'true')
      if (confirming) void add(confirming)
    },
    cancel: () => setConfirming(null),
    upgrading,
    closeUpgrade: () => setUpgrading(false),
  }
}

/** The add button's text in each state. */
export function addButtonText(state: AddWordState, dictionary: string): string {
  if (state === 'adding') return DICTIONARY_TEXT.adding
  if (state === 'added') return DICTIONARY_TEXT.addedTo(dictionary)
  if (state === 'error') return DICTIONARY_TEXT.addFailed
  return DICTIONARY_TEXT.addTo(dictionary)
}
