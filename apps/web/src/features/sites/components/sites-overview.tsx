import type { SiteListItem } from '@canopy/contracts'
import { type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { ScoreBadge } from '@/components/ui/score-card'
import { useSites } from '../api/get-sites'
import { LastScanCell } from './last-scan-cell'
import { SITE_LIST_DEFAULTS, siteNameColumn } from './site-selector'

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
  const list = useListParams(SITE_LIST_DEFAULTS)
  const sites = useSites(list.query)
  return (
    <>
      <PageHeader
        title="Overview"
        eyebrow="All your sites"
        subtitle="Scores from each site's last completed scan."
      />
      <ListView
        caption="Scores and last scan of every site"
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
