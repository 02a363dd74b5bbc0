import type { SiteListItem } from '@canopy/contracts'
import { Link } from 'react-aria-components'
import { type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader, type PageHeaderProps } from '@/components/ui/notice'
import { sitePath } from '@/lib/site-paths'
import { SITE_LIST_DEFAULTS, useSites } from '../api/get-sites'
import styles from './site-list.module.css'

/**
 * The sites lists' first column: the site's name over one line of detail. The name links to the site's
 * dashboard unless the row has its own link to it.
 */
export function siteNameColumn(
  detail: (site: SiteListItem) => string,
  { linked = true }: { linked?: boolean } = {},
): ListColumn<SiteListItem> {
  return {
    id: 'siteName',
    label: 'Site',
    sortable: true,
    isRowHeader: true,
    render: (site) => (
      <span className={styles.siteCell}>
        {linked ? (
          <Link href={sitePath(site.sys.slug ?? site.sys.id)} className={styles.siteLink}>
            {site.siteName}
          </Link>
        ) : (
          <span className={styles.siteLink}>{site.siteName}</span>
        )}
        <span className={styles.siteUrl}>{detail(site)}</span>
      </span>
    ),
  }
}

export const rootUriColumn: ListColumn<SiteListItem> = {
  id: 'rootUri',
  label: 'Web address',
  sortable: true,
  render: (site) => <span className={styles.siteUrl}>{site.rootUri}</span>,
}

/** A screen of every site the user may see, as the shared list with the screen's own columns. */
export function SitesListScreen({
  header,
  caption,
  columns,
}: {
  header: PageHeaderProps
  caption: string
  columns: ListColumn<SiteListItem>[]
}) {
  const list = useListParams(SITE_LIST_DEFAULTS)
  const sites = useSites(list.query)
  return (
    <>
      <PageHeader {...header} />
      <ListView
        caption={caption}
        captionHidden
        filterLabel="Filter sites"
        columns={columns}
        list={list}
        query={sites}
        getRowKey={(site) => site.sys.id}
      />
    </>
  )
}
