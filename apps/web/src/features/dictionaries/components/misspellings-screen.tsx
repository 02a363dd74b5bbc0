import {
  GLOBAL_DICTIONARY,
  MISSPELLING_DEFAULT_SORT,
  type MisspellingListItem,
  type SiteConfig,
} from '@canopy/contracts'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import screenStyles from '@/components/area/screen.module.css'
import { Button, ButtonLink } from '@/components/ui/button'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { misspellingsPath, useMisspellings } from '../api/get-misspellings'
import { DICTIONARY_TEXT, dictionaryLangOf, dictionaryName, languageName } from '../labels'
import { ConfirmWordModal, UpgradeModal } from './confirm-word-modal'
import styles from './dictionaries.module.css'
import { addButtonText, useAddWord } from './use-add-word'

export type MisspellingsScreenProps = {
  site: SiteConfig
  siteSlug: string
  sectionSlug: string | null
  sectionId: string | undefined
  headerActions?: ReactNode
}

type AddWord = ReturnType<typeof useAddWord>

/** The add buttons of a row: to the word's language dictionary, and to the global one. */
function AddWordButtons({ item, addWord }: { item: MisspellingListItem; addWord: AddWord }) {
  const lang = dictionaryLangOf(item.language)
  const targets = [...(lang ? [lang] : []), GLOBAL_DICTIONARY]
  const inGlobal = addWord.stateOf({ word: item.entryTitle, lang: GLOBAL_DICTIONARY }) === 'added'
  return (
    <span className={styles.actions}>
      {targets.map((target) => {
        const request = { id: item.sys.id, word: item.entryTitle, lang: target }
        const state = addWord.stateOf(request)
        return (
          <Button
            key={target}
            size="small"
            variant="secondary"
            isDisabled={state === 'adding' || state === 'added' || inGlobal}
            onPress={() => addWord.request(request)}
            aria-label={`${addButtonText(state, dictionaryName(target))}: ${item.entryTitle}`}
          >
            {addButtonText(state, dictionaryName(target))}
          </Button>
        )
      })}
    </span>
  )
}

function misspellingColumns(
  detailHref: (item: MisspellingListItem) => string,
  addWord: AddWord | null,
): ListColumn<MisspellingListItem>[] {
  const columns: ListColumn<MisspellingListItem>[] = [
    {
      id: 'entryTitle',
      label: 'Misspelling',
      sortable: true,
      isRowHeader: true,
      render: (item) => item.entryTitle,
    },
    { id: 'language', label: 'Language', sortable: true, render: (item) => languageName(item.language) },
    {
      id: 'totalCount',
      label: 'Occurrences',
      sortable: true,
      align: 'end',
      render: (item) => (
        <Link
          to={detailHref(item)}
          aria-label={`${formatCount(item.totalCount)} occurrences of ${item.entryTitle}`}
        >
          {formatCount(item.totalCount)}
        </Link>
      ),
    },
  ]
  if (!addWord) return columns
  return [
    ...columns,
    { id: 'actions', label: 'Actions', render: (item) => <AddWordButtons item={item} addWord={addWord} /> },
  ]
}

/** content-quality/misspellings: the site's misspelt words, most occurrences first, each addable to a dictionary. */
export function MisspellingsScreen({
  site,
  siteSlug,
  sectionSlug,
  sectionId,
  headerActions,
}: MisspellingsScreenProps) {
  useDocumentTitle('Misspellings')
  const list = useListParams({ ...MISSPELLING_DEFAULT_SORT, sectionId })
  const misspellings = useMisspellings(siteSlug, list.query)
  const addWord = useAddWord(siteSlug, site.isPaying)
  const at = (path: string) => sitePath(siteSlug, sectionSlug, path)
  const columns = misspellingColumns(
    (item) => at(`content-quality/misspellings/${encodeURIComponent(item.sys.id)}`),
    site.permissions.includes('editDictionaries') ? addWord : null,
  )
  const confirming = addWord.confirming
  return (
    <div className={screenStyles.screen}>
      <PageHeader
        eyebrow="Content quality"
        title="Misspellings"
        actions={
          <>
            <ButtonLink variant="secondary" href={at('content-quality/dictionaries')}>
              {DICTIONARY_TEXT.goToDictionaries}
            </ButtonLink>
            {headerActions}
          </>
        }
      />
      <ListView
        caption="Misspelt words and how often they occur"
        captionHidden
        filterLabel="Filter misspellings"
        columns={columns}
        list={list}
        query={misspellings}
        getRowKey={(item) => item.sys.id}
        emptyMessage={DICTIONARY_TEXT.noMisspellings}
        toolbar={
          <ExportMenu listPath={misspellingsPath(siteSlug)} query={list.query} fileName="misspellings" />
        }
      />
      {confirming ? (
        <ConfirmWordModal
          title={DICTIONARY_TEXT.addTo(dictionaryName(confirming.lang))}
          message={`"${confirming.word}" will no longer be reported as a misspelling on the pages the ${dictionaryName(confirming.lang)} dictionary covers.`}
          confirmLabel={DICTIONARY_TEXT.addTo(dictionaryName(confirming.lang))}
          pendingLabel={DICTIONARY_TEXT.adding}
          isPending={addWord.isPending}
          onConfirm={addWord.confirm}
          onCancel={addWord.cancel}
        />
      ) : null}
      {addWord.upgrading ? (
        <UpgradeModal
          plansHref={`/billing/${site.organisation.slug}/pricing`}
          onClose={addWord.closeUpgrade}
        />
      ) : null}
    </div>
  )
}
