import { DOCUMENT_LIST_DEFAULT_SORT, type DocumentListItem } from '@canopy/contracts'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { ScoreBadge } from '@/components/ui/score-card'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, formatDate, formatFileSize, plural } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { documentsPath, useDocuments } from '../api/get-documents'
import { DOCUMENT_SCREENS, type DocumentScreen } from '../labels'
import styles from './inventory.module.css'
import type { InventoryScreenProps } from './inventory-overview'

/** Document lists show 8 skeleton rows while they load. */
const DOCUMENT_SKELETON_ROWS = 8

function documentCell(item: DocumentListItem, href: string) {
  return (
    <span className={styles.cell}>
      <Link to={href}>{item.documentTitle}</Link>
      <span className={styles.url}>{item.uri}</span>
    </span>
  )
}

/** The PDF columns: their pages and accessibility; the other kinds: their author and dates. */
function kindColumns(screen: DocumentScreen): ListColumn<DocumentListItem>[] {
  if (screen === 'pdfs') {
    return [
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
    ]
  }
  return [
    { id: 'author', label: 'Author', render: (item) => item.author ?? '' },
    { id: 'created', label: 'Created', sortable: true, render: (item) => formatDate(item.created) },
    { id: 'modified', label: 'Modified', sortable: true, render: (item) => formatDate(item.modified) },
  ]
}

function documentColumns(
  screen: DocumentScreen,
  rowHref: (item: DocumentListItem) => string,
  pagesHref: (item: DocumentListItem) => string,
): ListColumn<DocumentListItem>[] {
  return [
    {
      id: 'documentTitle',
      label: 'Document',
      sortable: true,
      isRowHeader: true,
      render: (item) => documentCell(item, rowHref(item)),
    },
    { id: 'size', label: 'Size', sortable: true, align: 'end', render: (item) => formatFileSize(item.size) },
    ...kindColumns(screen),
    {
      id: 'totalCount',
      label: 'Linked from',
      sortable: true,
      align: 'end',
      render: (item) => <Link to={pagesHref(item)}>{plural(item.totalCount, 'page', 'pages')}</Link>,
    },
  ]
}

/**
 * inventory/pdfs, documents, archives, spreadsheets and powerpoints: the documents of one kind the site
 * links to, PDFs by page count and the others by size, largest first. A PDF row leads to the pages linking to
 * it (inventory/pdfs/:link); the other kinds to the document's detail.
 */
export function DocumentListScreen({
  screen,
  siteSlug,
  sectionSlug,
  sectionId,
  headerActions,
}: InventoryScreenProps & { screen: DocumentScreen }) {
  const { kind, title, caption } = DOCUMENT_SCREENS[screen]
  useDocumentTitle(`Inventory ${title}`)
  const sort = kind === 'pdf' ? DOCUMENT_LIST_DEFAULT_SORT.pdf : DOCUMENT_LIST_DEFAULT_SORT.other
  const list = useListParams({ ...sort, sectionId })
  const documents = useDocuments(siteSlug, kind, list.query)
  const columns = useMemo(() => {
    const at = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
    const id = (item: DocumentListItem) => encodeURIComponent(item.sys.id)
    const detail = (item: DocumentListItem) => at(`documents/${id(item)}/overview`)
    const pages = (item: DocumentListItem) =>
      kind === 'pdf' ? at(`inventory/pdfs/${id(item)}`) : at(`documents/${id(item)}/pages`)
    return documentColumns(screen, kind === 'pdf' ? pages : detail, pages)
  }, [siteSlug, sectionSlug, screen, kind])
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="Inventory" title={title} actions={headerActions} />
      <ListView
        caption={caption}
        captionHidden
        filterLabel={`Filter ${title.toLowerCase()}`}
        columns={columns}
        list={list}
        query={documents}
        getRowKey={(item) => item.sys.id}
        skeletonRows={DOCUMENT_SKELETON_ROWS}
        toolbar={
          <ExportMenu
            listPath={documentsPath(siteSlug, kind)}
            query={list.query}
            fileName={`inventory-${screen}`}
          />
        }
      />
    </div>
  )
}
