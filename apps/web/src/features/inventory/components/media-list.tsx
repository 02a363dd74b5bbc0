import { INVENTORY_LIST_DEFAULT_SORT, type InventoryItem, type MediaItem } from '@canopy/contracts'
import { useMemo } from 'react'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatFileSize, plural } from '@/lib/format-values'
import { inventoryListPath, useInventoryList } from '../api/get-inventory-list'
import { MEDIA_TYPE_LABELS } from '../labels'
import styles from './inventory.module.css'
import type { InventoryScreenProps } from './inventory-overview'

const isMedia = (item: InventoryItem): item is MediaItem => item.kind === 'media'

/** The file's name, else its URL. */
function fileName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').at(-1) ?? '') || url
  } catch {
    return url
  }
}

const MEDIA_COLUMNS: ListColumn<MediaItem>[] = [
  {
    id: 'entryTitle',
    label: 'File',
    sortable: true,
    isRowHeader: true,
    render: (item) => (
      <span className={styles.cell}>
        {fileName(item.entryTitle)}
        <span className={styles.url}>{item.entryTitle}</span>
      </span>
    ),
  },
  {
    id: 'mediaType',
    label: 'Type',
    sortable: true,
    render: (item) => (item.mediaType ? MEDIA_TYPE_LABELS[item.mediaType] : 'Unknown'),
  },
  { id: 'size', label: 'Size', sortable: true, align: 'end', render: (item) => formatFileSize(item.size) },
  {
    id: 'totalCount',
    label: 'Used on',
    sortable: true,
    align: 'end',
    render: (item) => plural(item.totalCount, 'page', 'pages'),
  },
]

/** inventory/media (behind the inventory/media flag): the images, audio and video the pages show or link to. */
export function MediaListScreen({ siteSlug, sectionId, headerActions }: InventoryScreenProps) {
  useDocumentTitle('Inventory Media')
  const list = useListParams({ ...INVENTORY_LIST_DEFAULT_SORT, sectionId })
  const media = useInventoryList(siteSlug, 'media', list.query)
  const query = useMemo(
    () => ({
      ...media,
      data: media.data ? { ...media.data, items: media.data.items.filter(isMedia) } : undefined,
    }),
    [media],
  )
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="Inventory" title="Media" actions={headerActions} />
      <ListView
        caption="Images, audio and video on the pages"
        captionHidden
        filterLabel="Filter media"
        columns={MEDIA_COLUMNS}
        list={list}
        query={query}
        getRowKey={(item) => item.sys.id}
        toolbar={
          <ExportMenu
            listPath={inventoryListPath(siteSlug, 'media')}
            query={list.query}
            fileName="inventory-media"
          />
        }
      />
    </div>
  )
}
