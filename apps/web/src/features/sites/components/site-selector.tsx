import type { SiteListItem } from '@canopy/contracts'
import { Link } from 'react-aria-components'
import { type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { ScoreBadge } from '@/components/ui/score-card'
import { sitePath } from '@/lib/site-paths'
import { useSites } from '../api/get-sites'
import styles from './site-list.module.css'

export const SITE_LIST_DEFAULTS = { sortBy: 'siteName', sortDir: 'asc' } as const

const numberFormat = new Intl.NumberFormat('en-GB')

/** The sites lists' first column: the site's name, linking to its dashboard, over one line of detail. */
export function siteNameColumn(detail: (site: SiteListItem) => string): ListColumn<SiteListItem> {
  return {
    id: 'siteName',
    label: 'Site',
    sortable: true,
    isRowHeader: true,
    render: (site) => (
      <span className={styles.siteCell}>
        <Link href={sitePath(site.sys.slug ?? site.sys.id)} className={styles.siteLink}>
          {site.siteName}
        </Link>
        <span className={styles.siteUrl}>{detail(site)}</span>
      </span>
    ),
  }
}

const columns: ListColumn<SiteListItem>[] = [
  siteNameColumn((site) => site.organisation.name),
  {
    id: 'rootUri',
    label: 'Web address',
    sortable: true,
    render: (site) => <span className={styles.siteUrl}>{site.rootUri}</span>,
  },
  {
    id: 'pageCount',
    label: 'Pages',
    align: 'end',
    render: (site) => <span className={styles.numeric}>{numberFormat.format(site.pageCount)}</span>,
  },
  {
    id: 'overallScore',
    label: 'Score',
    align: 'end',
    render: (site) => <ScoreBadge score={site.overallScore} hasScanned={site.firstScanCompleted} />,
  },
]

/** The signed-in home (/): every site the user may see, as a shared list. */
export function SiteSelector() {
  const list = useListParams(SITE_LIST_DEFAULTS)
  const sites = useSites(list.query)
  return (
    <>
      <PageHeader title="Your sites" eyebrow="Site selector" />
      <ListView
        caption="Sites you can monitor"
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
