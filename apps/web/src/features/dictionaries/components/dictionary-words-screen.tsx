import {
  DICTIONARY_WORD_DEFAULT_SORT,
  type DictionaryWord,
  GLOBAL_DICTIONARY,
  type SiteConfig,
  splitDictionaryWords,
} from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import screenStyles from '@/components/area/screen.module.css'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { Button } from '@/components/ui/button'
import { type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useAddDictionaryWords } from '../api/change-dictionary-words'
import { useDictionaryWords } from '../api/get-dictionary-words'
import { DICTIONARY_TEXT, dictionaryName } from '../labels'
import { UpgradeModal } from './confirm-word-modal'
import styles from './dictionaries.module.css'
import { DeleteWordButton, useDeleteWord } from './use-delete-word'

/** The add box: comma separated words, repeats and the words shown in the list dropped. */
function AddWordsForm({
  siteSlug,
  lang,
  isPaying,
  shownWords,
  onUpgrade,
}: {
  siteSlug: string
  lang: string
  isPaying: boolean
  shownWords: string[]
  onUpgrade: () => void
}) {
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const mutation = useAddDictionaryWords(siteSlug)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!isPaying) return onUpgrade()
    const words = splitDictionaryWords(typed, shownWords)
    if (!words.length) return setError(DICTIONARY_TEXT.enterOneWord)
    setError(null)
    try {
      const added = await mutation.mutateAsync({ lang, words })
      setTyped('')
      if (added.words.length)
        showToast(DICTIONARY_TEXT.addedToast(added.words.join(', '), dictionaryName(lang)))
    } catch {
      showToast(DICTIONARY_TEXT.addError, 'error')
    }
  }
  return (
    <form className={styles.addForm} onSubmit={submit} noValidate>
      <TextField
        label="Words to add"
        description="Separate words with commas."
        value={typed}
        onChange={(value) => {
          setTyped(value)
          setError(null)
        }}
        validationBehavior="aria"
        validate={() => error ?? undefined}
        isDisabled={mutation.isPending}
      />
      <Button type="submit" isDisabled={mutation.isPending}>
        {mutation.isPending ? DICTIONARY_TEXT.adding : DICTIONARY_TEXT.addTo(dictionaryName(lang))}
      </Button>
    </form>
  )
}

/** The words' columns; the delete action only for those who may edit the dictionaries. */
function wordColumns(deleteWord: ReturnType<typeof useDeleteWord> | null): ListColumn<DictionaryWord>[] {
  const columns: ListColumn<DictionaryWord>[] = [
    { id: 'entryTitle', label: 'Word', sortable: true, isRowHeader: true, render: (item) => item.word },
    { id: 'author', label: 'Author', sortable: true, render: (item) => item.author ?? '' },
    { id: 'created', label: 'Date added', sortable: true, render: (item) => formatDate(item.creationDate) },
  ]
  if (!deleteWord) return columns
  return [
    ...columns,
    {
      id: 'actions',
      label: 'Actions',
      render: (item) => <DeleteWordButton word={item.word} deleteWord={deleteWord} />,
    },
  ]
}

/** content-quality/dictionaries/dictionary[/:language]: the words of one dictionary, to add to or delete from. */
export function DictionaryWordsScreen({
  site,
  siteSlug,
  sectionSlug,
  lang,
}: {
  site: SiteConfig
  siteSlug: string
  sectionSlug: string | null
  lang: string
}) {
  const name = dictionaryName(lang)
  useDocumentTitle(`${name} dictionary`)
  const list = useListParams({ ...DICTIONARY_WORD_DEFAULT_SORT })
  const words = useDictionaryWords(siteSlug, lang, list.query)
  const deleteWord = useDeleteWord(siteSlug, lang)
  const [upgrading, setUpgrading] = useState(false)
  const canEdit = site.permissions.includes('editDictionaries')
  const goBack = useGoBack()
  const at = (path: string) => sitePath(siteSlug, sectionSlug, path)
  return (
    <div className={screenStyles.screen}>
      <BreadcrumbHeader
        title={`${name} dictionary${lang === GLOBAL_DICTIONARY ? ` ${DICTIONARY_TEXT.allLanguages}` : ''}`}
        crumbs={[
          { label: MESSAGES.sidebar.dashboard, href: at('') },
          { label: 'Content quality', href: at('content-quality') },
          { label: 'Dictionaries', href: at('content-quality/dictionaries') },
        ]}
        fallbackHref={at('content-quality/dictionaries')}
        onBack={goBack}
      />
      {canEdit ? (
        <AddWordsForm
          siteSlug={siteSlug}
          lang={lang}
          isPaying={site.isPaying}
          shownWords={words.data?.items.map((item) => item.word) ?? []}
          onUpgrade={() => setUpgrading(true)}
        />
      ) : (
        <p className={screenStyles.muted}>{DICTIONARY_TEXT.editorsOnly}</p>
      )}
      <p role="status" className={screenStyles.muted}>
        {deleteWord.lastDeleted ? DICTIONARY_TEXT.deleted(deleteWord.lastDeleted) : ''}
      </p>
      <ListView
        caption={`Words of the ${name} dictionary`}
        captionHidden
        filterLabel="Filter words"
        columns={wordColumns(canEdit ? deleteWord : null)}
        list={list}
        query={words}
        getRowKey={(item) => item.sys.id}
      />
      {deleteWord.modal}
      {upgrading ? (
        <UpgradeModal
          plansHref={`/billing/${site.organisation.slug}/pricing`}
          onClose={() => setUpgrading(false)}
        />
      ) : null}
    </div>
  )
}
