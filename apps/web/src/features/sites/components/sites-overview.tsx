import type { SiteListItem } from '@canopy/contracts'
import type { ListColumn } from '@/components/ui/list'
import { ScoreBadge } from '@/components/ui/score-card'
import { LastScanCell } from './last-scan-cell'
import { SitesListScreen, siteNameColumn } from './sites-list'

const SCORE_COLUMNS = [
  { id: 'accessibility', label: 'Accessibility' },
  { id: 'contentQuality', label: 'Content quality' },
  { id: 'seo', label: 'SEO' },
  { id: 'performance', label: 'Performance' },
] as const

const columns: ListColumn<SiteListItem>[] = [
  siteNameColumn((site) => site.rootUri),
  ...SCORE_COLUMNS.map(
    (column): ListColumn<SiteListItem> => ({
      id: column.id,
      label: column.label,
      align: 'end',
      render: (site) => <ScoreBadge score={site.scores[column.id]} hasScanned={site.lastScan !== null} />,
    }),
  ),
  { id: 'lastScan', label: 'Last scan', render: (site) => <LastScanCell site={site} /> },
]

/** /overview: every site the user may see with its scores per area and its last scan, as the shared list. */
export function SitesOverview() {
  return (
    <SitesListScreen
      header={{
        title: 'Overview',
        eyebrow: 'All your sites',
        subtitle: "Scores from each site's last completed scan.",
      }}
      caption="Scores and last scan of every site"
      columns={columns}
    />
  )
}
