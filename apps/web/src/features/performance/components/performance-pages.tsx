import { PAGE_LIST_DEFAULT_SORT, type PageListItem } from '@canopy/contracts'
import { useMemo } from 'react'
import styles from '@/components/area/area.module.css'
import { PageLink } from '@/components/area/page-link'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { ScoreBadge } from '@/components/ui/score-card'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { pagesPath, usePerformancePages } from '../api/get-performance-pages'
import { formatLayoutShift, formatSeconds } from '../format'
import type { PerformanceScreenProps } from './performance-overview'
import { type PerformanceView, ViewMenu } from './view-menu'

type Column = ListColumn<PageListItem>

const timing = (
  id: 'firstContentfulPaint' | 'speedIndex' | 'totalBlockingTime' | 'largestContentfulPaint',
  label: string,
): Column => ({
  id: `${id}.value`,
  label,
  sortable: true,
  align: 'end',
  render: (item) => formatSeconds(item[id]),
})

/** The standard view: score and opportunities; the advanced view: the five metrics. Both start with the page. */
function pageColumns(view: PerformanceView, pageHref: (item: PageListItem) => string): Column[] {
  const page: Column = {
    id: 'entryTitle',
    label: 'Page',
    sortable: true,
    isRowHeader: true,
    render: (item) => <PageLink title={item.pageTitle} url={item.entryTitle} href={pageHref(item)} />,
  }
  const lastScanned: Column = {
    id: 'modified',
    label: 'Last scanned',
    sortable: true,
    render: (item) => formatDate(item.sys.version?.modified),
  }
  if (view === 'advanced') {
    return [
      page,
      timing('firstContentfulPaint', 'FCP'),
      timing('speedIndex', 'SI'),
      timing('totalBlockingTime', 'TBT'),
      timing('largestContentfulPaint', 'LCP'),
      {
        id: 'cumulativeLayoutShift.value',
        label: 'CLS',
        sortable: true,
        align: 'end',
        render: (item) => formatLayoutShift(item.cumulativeLayoutShift),
      },
      lastScanned,
    ]
  }
  return [
    page,
    {
      id: 'performanceScore',
      label: 'Performance score',
      sortable: true,
      render: (item) => <ScoreBadge score={item.performanceScore} />,
    },
    {
      id: 'numberOfPerformanceIssuesFailed',
      label: 'Performance opportunities',
      sortable: true,
      align: 'end',
      render: (item) => formatCount(item.numberOfPerformanceIssuesFailed),
    },
    lastScanned,
  ]
}

/** performance/pages: every page with its score and opportunities, or its five metrics (the advanced view). */
export function PerformancePagesScreen({
  siteSlug,
  sectionSlug,
  sectionId,
  headerActions,
}: PerformanceScreenProps) {
  useDocumentTitle('Performance pages')
  const list = useListParams({ ...PAGE_LIST_DEFAULT_SORT, sectionId, filters: { view: 'standard' } })
  const view: PerformanceView = list.filters.view === 'advanced' ? 'advanced' : 'standard'
  const query = useMemo(() => ({ ...list.query, type: 'performance' }), [list.query])
  const pages = usePerformancePages(siteSlug, query)
  const columns = useMemo(
    () =>
      pageColumns(view, (item) =>
        sitePath(siteSlug, sectionSlug, `pages/${encodeURIComponent(item.sys.id)}/performance`),
      ),
    [view, siteSlug, sectionSlug],
  )
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="Performance" title="Pages" actions={headerActions} />
      <ListView
        caption={view === 'advanced' ? 'Performance metrics of each page' : 'Performance of each page'}
        captionHidden
        filterLabel="Filter pages"
        columns={columns}
        list={list}
        query={pages}
        getRowKey={(item) => item.sys.id}
        toolbar={
          <div className={styles.toolbar}>
            <ViewMenu view={view} onChange={(next) => list.setFilter('view', next)} />
            <ExportMenu listPath={pagesPath(siteSlug)} query={query} fileName={`performance-pages-${view}`} />
          </div>
        }
      />
    </div>
  )
}
