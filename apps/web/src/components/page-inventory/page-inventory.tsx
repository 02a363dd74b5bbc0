import type { DocumentKind, InventoryContact, InventoryDocument, PageInventory } from '@canopy/contracts'
import { Icon } from '@/components/ui/icon'
import { type InMemoryListOptions, type ListColumn, ListView, useInMemoryList } from '@/components/ui/list'
import { MESSAGES } from '@/config/messages'
import styles from './page-inventory.module.css'

/** The document kinds, as the inventory screens name them. */
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  pdf: 'PDF',
  doc: 'Document',
  spreadsheet: 'Spreadsheet',
  powerpoint: 'PowerPoint',
  archive: 'Archive',
  media: 'Media',
}

const CONTACT_KIND_LABELS: Record<InventoryContact['kind'], string> = {
  email: 'E-mail address',
  telephone: 'Phone number',
}

/** The file name at the end of a document's URL, decoded, for a row that has no link text. */
function fileNameOf(url: string): string {
  try {
    const segment = new URL(url).pathname.split('/').at(-1) ?? ''
    return decodeURIComponent(segment) || url
  } catch {
    return url
  }
}

const documentName = (document: InventoryDocument) => document.linkText || fileNameOf(document.url)

function statusOf(document: InventoryDocument): string {
  if (document.isBroken) return document.httpStatus ? `Broken (${document.httpStatus})` : 'Broken'
  return document.httpStatus ? String(document.httpStatus) : 'Not checked'
}

const DOCUMENT_OPTIONS: InMemoryListOptions<InventoryDocument> = {
  searchText: (document) =>
    `${documentName(document)} ${document.url} ${DOCUMENT_KIND_LABELS[document.kind]}`,
  sortValues: {
    entryTitle: documentName,
    kind: (document) => DOCUMENT_KIND_LABELS[document.kind],
    status: (document) => (document.isBroken ? 0 : 1),
  },
}

const CONTACT_OPTIONS: InMemoryListOptions<InventoryContact> = {
  searchText: (contact) => `${contact.value} ${CONTACT_KIND_LABELS[contact.kind]}`,
  sortValues: {
    entryTitle: (contact) => contact.value,
    valid: (contact) => (contact.valid ? 1 : 0),
    totalCount: (contact) => contact.count,
  },
}

const DOCUMENT_COLUMNS: ListColumn<InventoryDocument>[] = [
  {
    id: 'entryTitle',
    label: 'Document',
    sortable: true,
    isRowHeader: true,
    render: (document) => (
      <span className={styles.inventoryName}>
        <a href={document.url} target="_blank" rel="noreferrer noopener">
          {documentName(document)}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <span className={styles.inventoryUrl}>{document.url}</span>
      </span>
    ),
  },
  {
    id: 'kind',
    label: 'Type',
    sortable: true,
    render: (document) => (
      <>
        {DOCUMENT_KIND_LABELS[document.kind]}
        {document.extension ? <span className={styles.inventoryMuted}> ({document.extension})</span> : null}
      </>
    ),
  },
  { id: 'status', label: 'Status', sortable: true, render: statusOf },
]

const CONTACT_COLUMNS: ListColumn<InventoryContact>[] = [
  {
    id: 'entryTitle',
    label: 'Contact',
    sortable: true,
    isRowHeader: true,
    // the type goes under the value, so the table fits a phone's width
    render: (contact) => (
      <span className={styles.inventoryName}>
        <span className={styles.inventoryValue}>{contact.value}</span>
        <span className={styles.inventoryMuted}>{CONTACT_KIND_LABELS[contact.kind]}</span>
      </span>
    ),
  },
  {
    id: 'valid',
    label: 'Valid',
    sortable: true,
    // a validity icon, with the word beside it
    render: (contact) => (
      <span className={contact.valid ? styles.valid : styles.invalid}>
        <Icon name={contact.valid ? 'check' : 'alert'} size={18} />
        {contact.valid ? 'Valid' : 'Not valid'}
      </span>
    ),
  },
  {
    id: 'totalCount',
    // the occurrence count; a short heading keeps the table within a phone's width
    label: 'Count',
    sortable: true,
    align: 'end',
    render: (contact) => contact.count,
  },
]

/** One list of the inventory tab under its heading, with the number of its items beside the heading. */
function InventorySection<Item>({
  id,
  title,
  filterLabel,
  emptyMessage,
  items,
  options,
  columns,
  getRowKey,
  Heading,
}: {
  id: string
  title: string
  filterLabel: string
  emptyMessage: string
  items: Item[]
  options: InMemoryListOptions<Item>
  columns: ListColumn<Item>[]
  getRowKey: (item: Item) => string
  Heading: 'h2' | 'h3'
}) {
  const { list, query } = useInMemoryList(items, { paramPrefix: id }, options)
  return (
    <section aria-labelledby={`inventory-${id}`}>
      <Heading id={`inventory-${id}`} className={styles.inventoryHeading}>
        {title} <span className={styles.inventoryCount}>{items.length}</span>
      </Heading>
      <ListView
        caption={title}
        captionHidden
        filterLabel={filterLabel}
        columns={columns}
        list={list}
        query={query}
        getRowKey={getRowKey}
        emptyMessage={emptyMessage}
      />
    </section>
  )
}

/**
 * The inventory of one page (a single page scan's tab, the page detail's tab): the documents the page links
 * to and the e-mail addresses and phone numbers on it, each in the shared list pattern (state in the URL
 * under its own prefix).
 */
export function PageInventoryLists({
  inventory,
  headingLevel = 3,
}: {
  inventory: PageInventory
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const copy = MESSAGES.pageInventory
  return (
    <div className={styles.inventory}>
      <InventorySection
        id="documents"
        title={copy.documents}
        filterLabel={copy.documentsFilter}
        emptyMessage={copy.noDocuments}
        items={inventory.documents}
        options={DOCUMENT_OPTIONS}
        columns={DOCUMENT_COLUMNS}
        getRowKey={(document) => document.url}
        Heading={Heading}
      />
      <InventorySection
        id="contacts"
        title={copy.contacts}
        filterLabel={copy.contactsFilter}
        emptyMessage={copy.noContacts}
        items={inventory.contacts}
        options={CONTACT_OPTIONS}
        columns={CONTACT_COLUMNS}
        getRowKey={(contact) => `${contact.kind} ${contact.value}`}
        Heading={Heading}
      />
    </div>
  )
}
