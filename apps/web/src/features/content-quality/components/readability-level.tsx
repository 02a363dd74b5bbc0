import { type PageListItem, READABILITY_LEVELS } from '@canopy/contracts'
import { useMemo } from 'react'
import { PageLink } from '@/components/area/page-link'
import { NotFoundView } from '@/components/errors/error-views'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { pagesPath, usePages } from '../api/get-pages'
import { CONTENT_QUALITY_MESSAGES as TEXT } from '../labels'
import styles from './content-quality.module.css'
import type { AreaScreenProps } from './content-quality-overview'
import { describeReadability } from './content-quality-pages'

function levelColumns(pageHref: (item: PageListItem) => string): ListColumn<PageListItem>[] {
  return [
    {
      id: 'entryTitle',
      label: 'Page',
      sortable: true,
      isRowHeader: true,
      render: (item) => <PageLink title={item.pageTitle} url={item.entryTitle} href={pageHref(item)} />,
    },
    {
      id: 'contentQualityReadabilityFlesch',
      label: 'Readability',
      sortable: true,
      render: (item) => describeReadability(item.readability),
    },
    {
      id: 'modified',
      label: 'Last scanned',
      sortable: true,
      render: (item) => formatDate(item.sys.version?.modified),
    },
  ]
}

function LevelList({
  siteSlug,
  sectionSlug,
  sectionId,
  headerActions,
  level,
}: AreaScreenProps & { level: (typeof READABILITY_LEVELS)[number] }) {
  useDocumentTitle(level.name)
  const list = useListParams({ sortBy: 'entryTitle', sortDir: 'asc', sectionId })
  const query = useMemo(
    () => ({ ...list.query, type: 'readability', readability: level.slug }),
    [list.query, level.slug],
  )
  const pages = usePages(siteSlug, query)
  const columns = useMemo(
    () =>
      levelColumns((item) =>
        sitePath(siteSlug, sectionSlug, `pages/${encodeURIComponent(item.sys.id)}/content-quality`),
      ),
    [siteSlug, sectionSlug],
  )
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="Readability" title={level.name} actions={headerActions} />
      <ListView
        caption={`Pages that are ${level.name.toLowerCase()}`}
        captionHidden
        filterLabel={TEXT.filterPages}
        columns={columns}
        list={list}
        query={pages}
        getRowKey={(item) => item.sys.id}
        emptyMessage={TEXT.noPagesAtLevel(level.name.toLowerCase())}
        toolbar={
          <ExportMenu listPath={pagesPath(siteSlug)} query={query} fileName={`readability-${level.slug}`} />
        }
      />
    </div>
  )
}

/** content-quality/readability/:readability: the pages at one level; an unknown level is not found. */
export function ReadabilityLevelScreen(props: AreaScreenProps & { levelSlug: string }) {
  const { levelSlug, ...scope } = props
  const level = READABILITY_LEVELS.find((known) => known.slug === levelSlug)
  if (!level) return <NotFoundView />
  return <LevelList {...scope} level={level} />
}
