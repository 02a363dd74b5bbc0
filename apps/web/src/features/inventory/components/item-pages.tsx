import {
  INVENTORY_PAGES_DEFAULT_SORT,
  type InventoryItemKind,
  type InventoryPageItem,
  type InventorySubject,
} from '@canopy/contracts'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { NoticePanel, PageLoader } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { isApiError } from '@/lib/api-client'
import { formatCount } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { inventoryPagesPath, useInventoryPages } from '../api/get-inventory-pages'
import { ITEM_SCREENS } from '../labels'
import { Validity } from './contact-list'
import styles from './inventory.module.css'
import type { InventoryScreenProps } from './inventory-overview'

function pageColumns(
  kind: InventoryItemKind,
  pageHref: (item: InventoryPageItem) => string,
): ListColumn<InventoryPageItem>[] {
  const page: ListColumn<InventoryPageItem> = {
    id: 'entryTitle',
    label: 'Page',
    sortable: true,
    isRowHeader: true,
    render: (item) => (
      <span className={styles.cell}>
        <Link to={pageHref(item)}>{item.pageTitle || item.entryTitle}</Link>
        {item.pageTitle ? <span className={styles.url}>{item.entryTitle}</span> : null}
      </span>
    ),
  }
  const title: ListColumn<InventoryPageItem> = {
    id: 'pageTitle',
    label: 'Page title',
    sortable: true,
    render: (item) => item.pageTitle ?? '',
  }
  if (kind === 'pdfs' || kind === 'media') return [page, title]
  return [
    page,
    title,
    {
      id: 'totalCount',
      label: 'Occurrences',
      sortable: true,
      align: 'end',
      render: (item) => (item.totalCount === null ? '' : formatCount(item.totalCount)),
    },
  ]
}

function SubjectFacts({ item, documentHref }: { item: InventorySubject; documentHref: string }) {
  return (
    <dl className={styles.facts}>
      {item.valid === null ? (
        <div>
          <dt>Address</dt>
          <dd>
            <Link to={documentHref}>{item.entryTitle}</Link>
          </dd>
        </div>
      ) : (
        <div>
          <dt>Validity</dt>
          <dd>
            <Validity valid={item.valid} />
          </dd>
        </div>
      )}
    </dl>
  )
}

type ItemPagesProps = InventoryScreenProps & { kind: InventoryItemKind; itemId: string }

/** inventory/email/:link, inventory/telephone/:link, inventory/pdfs/:link: the pages where one item occurs. */
export function ItemPagesScreen({ kind, itemId, siteSlug, sectionSlug, sectionId }: ItemPagesProps) {
  const screen = ITEM_SCREENS[kind] ?? { title: 'Pages', listTitle: 'Inventory', list: 'inventory' }
  const goBack = useGoBack()
  const at = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
  const list = useListParams({ ...INVENTORY_PAGES_DEFAULT_SORT, sectionId })
  const pages = useInventoryPages(siteSlug, kind, itemId, list.query)
  const item = pages.data?.item
  useDocumentTitle(item ? `${screen.title}: ${item.title}` : screen.title)
  const columns = useMemo(
    () =>
      pageColumns(kind, (page) =>
        sitePath(siteSlug, sectionSlug, `pages/${encodeURIComponent(page.sys.id)}/inventory`),
      ),
    [kind, siteSlug, sectionSlug],
  )
  if (pages.isError && isApiError(pages.error, 404)) {
    return (
      <NoticePanel icon="alert" tone="warning" title="Not found" headingLevel={1}>
        <p>{pages.error instanceof Error ? pages.error.message : MESSAGES.detailError.body}</p>
      </NoticePanel>
    )
  }
  if (!item && !pages.isError) return <PageLoader />
  return (
    <div className={styles.screen}>
      <BreadcrumbHeader
        title={item?.title ?? screen.title}
        crumbs={[
          { label: MESSAGES.sidebar.dashboard, href: at('') },
          { label: 'Inventory', href: at('inventory') },
          { label: screen.listTitle, href: at(screen.list) },
        ]}
        fallbackHref={at(screen.list)}
        onBack={goBack}
      />
      {item ? (
        <SubjectFacts
          item={item}
          documentHref={at(`documents/${encodeURIComponent(item.sys.id)}/overview`)}
        />
      ) : null}
      <section aria-labelledby="inventory-item-pages">
        <h2 id="inventory-item-pages">{screen.title}</h2>
        <ListView
          caption={screen.title}
          captionHidden
          filterLabel="Filter pages"
          columns={columns}
          list={list}
          query={pages}
          getRowKey={(page) => page.sys.id}
          toolbar={
            <ExportMenu
              listPath={inventoryPagesPath(siteSlug, kind, itemId)}
              query={list.query}
              fileName={`inventory-${kind}-pages`}
            />
          }
        />
      </section>
    </div>
  )
}
