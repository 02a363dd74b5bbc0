import type { SiteListItem } from '@canopy/contracts'
import { Link } from 'react-aria-components'
import { ScanButton } from '@/components/scans/scan-button'
import { type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { sitePath } from '@/lib/site-paths'
import { useSites } from '../api/get-sites'
import { LastScanCell } from './last-scan-cell'
import styles from './site-list.module.css'
import { SITE_LIST_DEFAULTS } from './site-selector'

export const SCAN_UNDER_WAY_REASON = 'A scan of this site is queued or running.'

/** What a user may do with a site from here: open its dashboard, and as its admin start a full scan. */
function SiteActions({ site }: { site: SiteListItem }) {
  const slug = site.sys.slug ?? site.sys.id
  return (
    <span className={styles.actions}>
      <Link href={sitePath(slug)}>
        Dashboard<span className="visually-hidden"> of {site.siteName}</span>
      </Link>
      {site.hasAdminAccess ? (
        <ScanButton
          siteSlug={slug}
          request={{ kind: 'site' }}
          label={`Scan ${site.siteName} now`}
          variant="secondary"
          disabledReason={site.activeScan ? SCAN_UNDER_WAY_REASON : null}
        />
      ) : null}
    </span>
  )
}

const columns: ListColumn<SiteListItem>[] = [
  {
    id: 'siteName',
    label: 'Site',
    sortable: true,
    isRowHeader: true,
    render: (site) => (
      <span className={styles.siteCell}>
        <span className={styles.siteLink}>{site.siteName}</span>
        <span className={styles.siteUrl}>{site.organisation.name}</span>
      </span>
    ),
  },
  {
    id: 'rootUri',
    label: 'Web address',
    sortable: true,
    render: (site) => <span className={styles.siteUrl}>{site.rootUri}</span>,
  },
  {
    id: 'access',
    label: 'Your access',
    render: (site) => (site.hasAdminAccess ? 'Administrator' : 'Member'),
  },
  { id: 'productVersion', label: 'Version', render: (site) => site.productVersion },
  { id: 'lastScan', label: 'Last scan', render: (site) => <LastScanCell site={site} /> },
  { id: 'actions', label: 'Actions', render: (site) => <SiteActions site={site} /> },
]

/** /configurations: the sites list with what can be configured or started for each. */
export function SiteConfigurations() {
  const list = useListParams(SITE_LIST_DEFAULTS)
  const sites = useSites(list.query)
  return (
    <>
      <PageHeader title="Configurations" eyebrow="All your sites" />
      <ListView
        caption="Site configurations"
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
