import { PAGE_LIST_DEFAULT_SORT, type PageListItem } from '@canopy/contracts'
import { type ReactNode, useMemo } from 'react'
import { PageLink } from '@/components/area/page-link'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { ScoreBadge } from '@/components/ui/score-card'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { pagesPath, useAccessibilityPages } from '../api/get-pages'
import styles from './accessibility.module.css'

export type AreaScreenProps = {
  siteSlug: string
  sectionSlug: string | null
  sectionId: string | undefined
  /** what the header shows beside the title (the section switcher) */
  headerActions?: ReactNode
}

function describeLevels(item: PageListItem): string {
  const levels = item.accessibilityFailuresByLevel
  if (!levels) return ''
  return `A ${levels.A} · AA ${levels.AA} · AAA ${levels.AAA}`
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
      id: 'accessibilityScore',
      label: 'Accessibility score',
      sortable: true,
      render: (item) => <ScoreBadge score={item.accessibilityScore} />,
    },
    {
      id: 'numberOfAccessibilityIssuesFailed',
      label: 'Issues',
      sortable: true,
      align: 'end',
      render: (item) => formatCount(item.numberOfAccessibilityIssuesFailed),
    },
    { id: 'levels', label: 'Failures by level', render: describeLevels },
    {
      id: 'modified',
      label: 'Last scanned',
      sortable: true,
      render: (item) => formatDate(item.sys.version?.modified),
    },
  ]
}

/** accessibility/pages: every page with its accessibility score and failing issues, by URL at first. */
export function AccessibilityPagesScreen({
  siteSlug,
  sectionSlug,
  sectionId,
  headerActions,
}: AreaScreenProps) {
  useDocumentTitle('Accessibility pages')
  const list = useListParams({ ...PAGE_LIST_DEFAULT_SORT, sectionId })
  const query = useMemo(() => ({ ...list.query, type: 'accessibility' }), [list.query])
  const pages = useAccessibilityPages(siteSlug, query)
  const columns = useMemo(
    () =>
      pageColumns((item) =>
        sitePath(siteSlug, sectionSlug, `pages/${encodeURIComponent(item.sys.id)}/accessibility`),
      ),
    [siteSlug, sectionSlug],
  )
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="Accessibility" title="Pages" actions={headerActions} />
      <ListView
        caption="Accessibility of each page"
        captionHidden
        filterLabel="Filter pages"
        columns={columns}
        list={list}
        query={pages}
        getRowKey={(item) => item.sys.id}
        toolbar={<ExportMenu listPath={pagesPath(siteSlug)} query={query} fileName="accessibility-pages" />}
      />
    </div>
  )
}
