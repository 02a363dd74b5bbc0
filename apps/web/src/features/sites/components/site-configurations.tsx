import { roleAllows, type SiteListItem } from '@canopy/contracts'
import { Link } from 'react-aria-components'
import { ScanButton } from '@/components/scans/scan-button'
import type { ListColumn } from '@/components/ui/list'
import { ROLE_LABELS } from '@/config/roles'
import { sitePath } from '@/lib/site-paths'
import { AddSiteLink } from './add-site-link'
import { LastScanCell } from './last-scan-cell'
import styles from './site-list.module.css'
import { rootUriColumn, SitesListScreen, siteNameColumn } from './sites-list'

export const SCAN_UNDER_WAY_REASON = 'A scan of this site is queued or running.'

/** What a user may do with a site from here: open its dashboard, and as its admin start a full scan. */
function SiteActions({ site }: { site: SiteListItem }) {
  const slug = site.sys.slug ?? site.sys.id
  return (
    <span className={styles.actions}>
      <Link href={sitePath(slug)}>
        Dashboard<span className="visually-hidden"> of {site.siteName}</span>
      </Link>
      {roleAllows(site.role, 'startScans') ? (
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

/** How the user's role on a site reads in the list. */

const columns: ListColumn<SiteListItem>[] = [
  // the row's actions link to the dashboard, so the name is plain text here
  siteNameColumn((site) => site.organisation.name, { linked: false }),
  rootUriColumn,
  {
    id: 'access',
    label: 'Your access',
    render: (site) => ROLE_LABELS[site.role],
  },
  { id: 'productVersion', label: 'Version', render: (site) => site.productVersion },
  { id: 'lastScan', label: 'Last scan', render: (site) => <LastScanCell site={site} /> },
  { id: 'actions', label: 'Actions', render: (site) => <SiteActions site={site} /> },
]

/** /configurations: the sites list with what can be configured or started for each. */
export function SiteConfigurations() {
  return (
    <SitesListScreen
      header={{ title: 'Configurations', eyebrow: 'All your sites', actions: <AddSiteLink /> }}
      caption="Site configurations"
      columns={columns}
    />
  )
}
