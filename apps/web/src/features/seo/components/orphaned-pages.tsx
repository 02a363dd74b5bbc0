import { SEO_PAGE_DEFAULT_SORT, type SeoPageItem } from '@canopy/contracts'
import { useMemo } from 'react'
import styles from '@/components/area/area.module.css'
import { PageLink } from '@/components/area/page-link'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { ScoreBadge } from '@/components/ui/score-card'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { orphanedPagesPath, useOrphanedPages } from '../api/get-orphaned-pages'
import type { SeoScreenProps } from './seo-overview'

function pageColumns(pageHref: (item: SeoPageItem) => string): ListColumn<SeoPageItem>[] {
  return [
    {
      id: 'entryTitle',
      label: 'Page',
      sortable: true,
      isRowHeader: true,
      render: (item) => <PageLink title={item.pageTitle} url={item.entryTitle} href={pageHref(item)} />,
    },
    { id: 'inSitemap', label: 'In the sitemap', render: (item) => (item.inSitemap ? 'Yes' : 'No') },
    {
      id: 'seoScore',
      label: 'SEO score',
      sortable: true,
      render: (item) => <ScoreBadge score={item.seoScore} />,
    },
    {
      id: 'created',
      label: 'First seen',
      sortable: true,
      render: (item) => formatDate(item.sys.version?.created),
    },
    {
      id: 'modified',
      label: 'Last scanned',
      sortable: true,
      render: (item) => formatDate(item.sys.version?.modified),
    },
  ]
}

/** seo/orphaned-pages: pages in the sitemap, or seen by earlier scans, that no page of the site links to. */
export function OrphanedPagesScreen({ siteSlug, sectionSlug, sectionId, headerActions }: SeoScreenProps) {
  useDocumentTitle('Orphaned pages')
  const list = useListParams({ ...SEO_PAGE_DEFAULT_SORT, sectionId })
  const pages = useOrphanedPages(siteSlug, list.query)
  const columns = useMemo(
    () =>
      pageColumns((item) => sitePath(siteSlug, sectionSlug, `pages/${encodeURIComponent(item.sys.id)}/seo`)),
    [siteSlug, sectionSlug],
  )
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="SEO" title="Orphaned pages" actions={headerActions} />
      <p className={styles.description}>
        No page of the site links to these pages: visitors cannot reach them by browsing, and search engines
        find them only through the sitemap.
      </p>
      <ListView
        caption="Orphaned pages"
        captionHidden
        filterLabel="Filter pages"
        columns={columns}
        list={list}
        query={pages}
        getRowKey={(item) => item.sys.id}
        toolbar={
          <ExportMenu
            listPath={orphanedPagesPath(siteSlug)}
            query={list.query}
            fileName="seo-orphaned-pages"
          />
        }
      />
    </div>
  )
}
