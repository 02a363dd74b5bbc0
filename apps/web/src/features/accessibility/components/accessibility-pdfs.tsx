import { DOCUMENT_LIST_DEFAULT_SORT, type DocumentListItem } from '@canopy/contracts'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { ScoreBadge } from '@/components/ui/score-card'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, plural } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { pdfsPath, usePdfs } from '../api/get-pdfs'
import styles from './accessibility.module.css'
import type { AreaScreenProps } from './accessibility-pages'

/** Document lists show 8 skeleton rows while they load. */
const DOCUMENT_SKELETON_ROWS = 8

/** A PDF that is an image-only scan cannot be read by assistive technology; machine readable is the inverse. */
export function describeScanned(isScanned: boolean | null): string {
  if (isScanned === null) return 'Not checked'
  return isScanned ? 'Scanned image: not machine readable' : 'Machine readable'
}

function pdfColumns(documentHref: (item: DocumentListItem) => string): ListColumn<DocumentListItem>[] {
  return [
    {
      id: 'documentTitle',
      label: 'Document',
      sortable: true,
      isRowHeader: true,
      render: (item) => (
        <span className={styles.pageCell}>
          <Link to={documentHref(item)}>{item.documentTitle}</Link>
          <span className={styles.url}>{item.uri}</span>
        </span>
      ),
    },
    {
      id: 'pageCount',
      label: 'Pages',
      sortable: true,
      align: 'end',
      render: (item) => (item.pageCount === null ? '' : formatCount(item.pageCount)),
    },
    {
      id: 'accessibilityScore',
      label: 'Accessibility score',
      sortable: true,
      render: (item) => <ScoreBadge score={item.accessibilityScore} />,
    },
    { id: 'isScanned', label: 'Text', sortable: true, render: (item) => describeScanned(item.isScanned) },
    {
      id: 'totalCount',
      label: 'Linked from',
      sortable: true,
      align: 'end',
      render: (item) => plural(item.totalCount, 'page', 'pages'),
    },
  ]
}

/** accessibility/pdfs: the PDFs the site links to with their accessibility, most pages first. */
export function AccessibilityPdfsScreen({
  siteSlug,
  sectionSlug,
  sectionId,
  headerActions,
}: AreaScreenProps) {
  useDocumentTitle('Accessibility PDFs')
  const list = useListParams({ ...DOCUMENT_LIST_DEFAULT_SORT.pdf, sectionId })
  const pdfs = usePdfs(siteSlug, list.query)
  const columns = useMemo(
    () =>
      pdfColumns((item) =>
        sitePath(siteSlug, sectionSlug, `documents/${encodeURIComponent(item.sys.id)}/accessibility`),
      ),
    [siteSlug, sectionSlug],
  )
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="Accessibility" title="PDFs" actions={headerActions} />
      <ListView
        caption="Accessibility of each PDF"
        captionHidden
        filterLabel="Filter PDFs"
        columns={columns}
        list={list}
        query={pdfs}
        getRowKey={(item) => item.sys.id}
        skeletonRows={DOCUMENT_SKELETON_ROWS}
        toolbar={
          <ExportMenu listPath={pdfsPath(siteSlug)} query={list.query} fileName="accessibility-pdfs" />
        }
      />
    </div>
  )
}
