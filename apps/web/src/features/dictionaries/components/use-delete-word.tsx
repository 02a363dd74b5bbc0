import { type ReactNode, useState } from 'react'
import { Button } from '@/components/ui/button'
import { showToast } from '@/components/ui/toast'
import { STORAGE_KEYS, useStoredValue, writeStoredValue } from '@/lib/local-store'
import { useRemoveDictionaryWords } from '../api/change-dictionary-words'
import { DICTIONARY_TEXT } from '../labels'
import { ConfirmWordModal } from './confirm-word-modal'

/**
 * Deleting a word of a dictionary: a confirmation unless "Don't show me this confirmation again" was ticked
 * (kept in the browser), a waiting button on the row while it runs, then '{word} deleted'.
 */
export function useDeleteWord(siteSlug: string, lang: string) {
  const skipConfirmation = useStoredValue(STORAGE_KEYS.skipDeleteWordConfirmation) === 'true'
  const mutation = useRemoveDictionaryWords(siteSlug)
  const [confirming, setConfirming] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<string | null>(null)
  const [lastDeleted, setLastDeleted] = useState<string | null>(null)

  const remove = async (word: string) => {
    setDeleting(word)
    try {
      await mutation.mutateAsync({ lang, words: [word] })
      setLastDeleted(word)
      showToast(DICTIONARY_TEXT.removedToast(word))
    } catch {
      showToast(DICTIONARY_TEXT.removeError, 'error')
    } finally {
      setDeleting(null)
      setConfirming(null)
    }
  }

  const modal: ReactNode = confirming ? (
    <ConfirmWordModal
      title={`Delete "${confirming}"`}
      message={`"${confirming}" will be removed from the dictionary. The next scan may report it as a misspelling again.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={mutation.isPending}
      onConfirm={(dontShowAgain) => {
        if (dontShowAgain) writeStoredValue(STORAGE_KEYS.skipDeleteWordConfirmation, 'true')
        void remove(confirming)
      }}
      onCancel={() => setConfirming(null)}
    />
  ) : null

  return {
    deleting,
    lastDeleted,
    modal,
    request: (word: string) => (skipConfirmation ? void remove(word) : setConfirming(word)),
  }
}

export function DeleteWordButton({
  word,
  deleteWord,
}: {
  word: string
  deleteWord: ReturnType<typeof useDeleteWord>
}) {
  const isDeleting = deleteWord.deleting === word
  return (
    <Button
      size="small"
      variant="danger"
      isDisabled={deleteWord.deleting !== null}
      onPress={() => deleteWord.request(word)}
      aria-label={isDeleting ? `Deleting ${word}` : `Delete ${word}`}
    >
      {isDeleting ? 'Deleting...' : 'Delete'}
    </Button>
  )
}
