import type { SiteListItem } from '@canopy/contracts'
import type { ListColumn } from '@/components/ui/list'
import { ScoreBadge } from '@/components/ui/score-card'
import { formatCount } from '@/lib/format-values'
import { AddSiteLink } from './add-site-link'
import styles from './site-list.module.css'
import { rootUriColumn, SitesListScreen, siteNameColumn } from './sites-list'

const columns: ListColumn<SiteListItem>[] = [
  siteNameColumn((site) => site.organisation.name),
  rootUriColumn,
  {
    id: 'pageCount',
    label: 'Pages',
    align: 'end',
    render: (site) => <span className={styles.numeric}>{formatCount(site.pageCount)}</span>,
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
  return (
    <SitesListScreen
      header={{ title: 'Your sites', eyebrow: 'Site selector', actions: <AddSiteLink /> }}
      caption="Sites you can monitor"
      columns={columns}
    />
  )
}
