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
import { pagesPath, useSeoPages } from '../api/get-seo-pages'
import type { SeoScreenProps } from './seo-overview'

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
      id: 'seoScore',
      label: 'SEO score',
      sortable: true,
      render: (item) => <ScoreBadge score={item.seoScore} />,
    },
    {
      id: 'numberOfSeoIssuesFailed',
      label: 'Issues',
      sortable: true,
      align: 'end',
      render: (item) => formatCount(item.numberOfSeoIssuesFailed),
    },
    {
      id: 'modified',
      label: 'Last scanned',
      sortable: true,
      render: (item) => formatDate(item.sys.version?.modified),
    },
  ]
}

/** seo/pages: every page with its SEO score and failing checks, by URL at first. */
export function SeoPagesScreen({ siteSlug, sectionSlug, sectionId, headerActions }: SeoScreenProps) {
  useDocumentTitle('SEO pages')
  const list = useListParams({ ...PAGE_LIST_DEFAULT_SORT, sectionId })
  const query = useMemo(() => ({ ...list.query, type: 'seo' }), [list.query])
  const pages = useSeoPages(siteSlug, query)
  const columns = useMemo(
    () =>
      pageColumns((item) => sitePath(siteSlug, sectionSlug, `pages/${encodeURIComponent(item.sys.id)}/seo`)),
    [siteSlug, sectionSlug],
  )
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="SEO" title="Pages" actions={headerActions} />
      <ListView
        caption="SEO of each page"
        captionHidden
        filterLabel="Filter pages"
        columns={columns}
        list={list}
        query={pages}
        getRowKey={(item) => item.sys.id}
        toolbar={<ExportMenu listPath={pagesPath(siteSlug)} query={query} fileName="seo-pages" />}
      />
    </div>
  )
}
