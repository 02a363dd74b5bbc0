import { PAGE_LIST_DEFAULT_SORT, type PageListItem, READABILITY_LEVELS } from '@canopy/contracts'
import { useMemo } from 'react'
import { DialogTrigger } from 'react-aria-components'
import { PageLink } from '@/components/area/page-link'
import { Button } from '@/components/ui/button'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { Modal } from '@/components/ui/modal'
import { PageHeader } from '@/components/ui/notice'
import { ScoreBadge } from '@/components/ui/score-card'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { pagesPath, usePages } from '../api/get-pages'
import { CONTENT_QUALITY_MESSAGES as TEXT } from '../labels'
import styles from './content-quality.module.css'
import type { AreaScreenProps } from './content-quality-overview'

/** A page's Flesch score and level in words; a score of 0 or less (or none) means the page has no score. */
export function describeReadability(readability: PageListItem['readability']): string {
  if (readability.flesch === null || readability.flesch <= 0) return '–'
  const level = READABILITY_LEVELS.find((known) => known.slug === readability.level)
  return `${Math.round(readability.flesch)}${level ? ` (${level.name})` : ''}`
}

function pageColumns(pageHref: (item: PageListItem) => string): ListColumn<PageListItem>[] {
  return [
    {
      id: 'entryTitle',
      label: 'Page',
      sortable: true,
      isRowHeader: true,
      render: (item) => <PageLink title={item.pageTitle} url={item.entryTitle} href={pageHref(item)} />,
    },
    {
      id: 'contentQualityScore',
      label: 'Content quality score',
      sortable: true,
      render: (item) => <ScoreBadge score={item.contentQualityScore} />,
    },
    {
      id: 'brokenLinkCount',
      label: 'Broken links',
      sortable: true,
      align: 'end',
      render: (item) => formatCount(item.brokenLinkCount),
    },
    {
      id: 'misspellings',
      label: 'Misspellings',
      sortable: true,
      align: 'end',
      render: (item) => formatCount(item.misspellings),
    },
    {
      id: 'contentQualityReadabilityFlesch',
      label: 'Readability',
      sortable: true,
      render: (item) => describeReadability(item.readability),
    },
    {
      id: 'brokenImageCount',
      label: 'Broken images',
      sortable: true,
      align: 'end',
      render: (item) => formatCount(item.brokenImageCount),
    },
    {
      id: 'modified',
      label: 'Last scanned',
      sortable: true,
      render: (item) => formatDate(item.sys.version?.modified),
    },
  ]
}

/** What each column means. */
function PagesHelp() {
  return (
    <DialogTrigger>
      <Button variant="secondary" size="small">
        Help
      </Button>
      <Modal title="About these columns">
        <dl className={styles.facts}>
          <dt>Content quality score</dt>
          <dd>0 to 100, from the page's readability, broken links, broken images and misspellings.</dd>
          <dt>Broken links</dt>
          <dd>Links on the page that failed their check (links we could not verify are not counted).</dd>
          <dt>Misspellings</dt>
          <dd>Misspelt words on the page, every occurrence counted.</dd>
          <dt>Readability</dt>
          <dd>
            The Flesch reading-ease score of the page's text and its reading level; 60 or more suits most
            readers.
          </dd>
          <dt>Broken images</dt>
          <dd>Images on the page that failed to load.</dd>
        </dl>
      </Modal>
    </DialogTrigger>
  )
}

/** content-quality/pages: every page with its content quality score and findings, by URL at first. */
export function ContentQualityPagesScreen({
  siteSlug,
  sectionSlug,
  sectionId,
  headerActions,
}: AreaScreenProps) {
  useDocumentTitle('Content quality pages')
  const list = useListParams({ ...PAGE_LIST_DEFAULT_SORT, sectionId })
  const query = useMemo(() => ({ ...list.query, type: 'contentQuality' }), [list.query])
  const pages = usePages(siteSlug, query)
  const columns = useMemo(
    () =>
      pageColumns((item) =>
        sitePath(siteSlug, sectionSlug, `pages/${encodeURIComponent(item.sys.id)}/content-quality`),
      ),
    [siteSlug, sectionSlug],
  )
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow={TEXT.title} title="Pages" actions={headerActions} />
      <ListView
        caption="Content quality of each page"
        captionHidden
        filterLabel={TEXT.filterPages}
        columns={columns}
        list={list}
        query={pages}
        getRowKey={(item) => item.sys.id}
        toolbar={
          <>
            <PagesHelp />
            <ExportMenu listPath={pagesPath(siteSlug)} query={query} fileName="content-quality-pages" />
          </>
        }
      />
    </div>
  )
}
