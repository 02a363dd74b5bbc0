import { type ContactItem, INVENTORY_LIST_DEFAULT_SORT, type InventoryItem } from '@canopy/contracts'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { Icon } from '@/components/ui/icon'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, plural } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { inventoryListPath, useInventoryList } from '../api/get-inventory-list'
import { CONTACT_SCREENS, type ContactScreen } from '../labels'
import styles from './inventory.module.css'
import type { InventoryScreenProps } from './inventory-overview'

/** The validity icon with its words: the icon alone would say nothing to a screen reader. */
export function Validity({ valid }: { valid: boolean }) {
  return (
    <span className={`${styles.validity} ${valid ? styles.valid : styles.invalid}`}>
      <Icon name={valid ? 'check' : 'alert'} size={16} />
      {valid ? 'Valid' : 'Not valid'}
    </span>
  )
}

const isContact = (item: InventoryItem): item is ContactItem => item.kind !== 'media'

function contactColumns(
  screen: ContactScreen,
  pagesHref: (item: ContactItem) => string,
): ListColumn<ContactItem>[] {
  return [
    {
      id: 'entryTitle',
      label: CONTACT_SCREENS[screen].column,
      sortable: true,
      isRowHeader: true,
      render: (item) => <span className={styles.cell}>{item.entryTitle}</span>,
    },
    { id: 'valid', label: 'Validity', sortable: true, render: (item) => <Validity valid={item.valid} /> },
    {
      id: 'totalCount',
      label: 'Occurrences',
      sortable: true,
      align: 'end',
      render: (item) => (
        <Link to={pagesHref(item)}>
          {formatCount(item.totalCount)}
          <span className="visually-hidden">
            {' '}
            occurrences of {item.entryTitle}, on {plural(item.pageCount, 'page', 'pages')}
          </span>
        </Link>
      ),
    },
  ]
}

/**
 * inventory/email and inventory/telephone: the addresses or numbers the pages show, each with its validity
 * and how often it occurs, leading to the pages it is on (inventory/{kind}/{link}).
 */
export function ContactListScreen({
  screen,
  siteSlug,
  sectionSlug,
  sectionId,
  headerActions,
}: InventoryScreenProps & { screen: ContactScreen }) {
  const { title } = CONTACT_SCREENS[screen]
  useDocumentTitle(`Inventory ${title}`)
  const list = useListParams({ ...INVENTORY_LIST_DEFAULT_SORT, sectionId })
  const contacts = useInventoryList(siteSlug, screen, list.query)
  const query = useMemo(
    () => ({
      ...contacts,
      data: contacts.data ? { ...contacts.data, items: contacts.data.items.filter(isContact) } : undefined,
    }),
    [contacts],
  )
  const columns = useMemo(
    () =>
      contactColumns(screen, (item) =>
        sitePath(
          siteSlug,
          sectionSlug,
          `inventory/${screen}/${encodeURIComponent(item.sys.slug ?? item.sys.id)}`,
        ),
      ),
    [siteSlug, sectionSlug, screen],
  )
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="Inventory" title={title} actions={headerActions} />
      <ListView
        caption={`${title} found on the pages`}
        captionHidden
        filterLabel={`Filter ${title.toLowerCase()}`}
        columns={columns}
        list={list}
        query={query}
        getRowKey={(item) => item.sys.id}
        toolbar={
          <ExportMenu
            listPath={inventoryListPath(siteSlug, screen)}
            query={list.query}
            fileName={`inventory-${screen}`}
          />
        }
      />
    </div>
  )
}
