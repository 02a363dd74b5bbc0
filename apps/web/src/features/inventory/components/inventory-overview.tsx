import { HISTORY_NO_DATA, type HistoryChartPoint, type InventoryOverview } from '@canopy/contracts'
import type { ReactNode } from 'react'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { Link } from 'react-router'
import { HistoryChart } from '@/components/charts/history-chart'
import { NoticePanel, PageHeader, PageLoader } from '@/components/ui/notice'
import tabStyles from '@/components/ui/tabs.module.css'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, formatDateTime } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useInventory } from '../api/get-inventory'
import { COUNT_TABS } from '../labels'
import styles from './inventory.module.css'

export type InventoryScreenProps = {
  siteSlug: string
  sectionSlug: string | null
  sectionId: string | undefined
  /** what the header shows beside the title (the section switcher) */
  headerActions?: ReactNode
}

const hasNoData = (points: HistoryChartPoint[]) => points.some((point) => point.y === HISTORY_NO_DATA)

/**
 * The count tabs to show: a series containing -0.1 (a scan that recorded no inventory counts) means no data,
 * and then only the Page count tab shows.
 */
export function visibleCountTabs(overview: InventoryOverview) {
  const documentTabs = COUNT_TABS.filter((tab) => tab.count !== 'pages')
  const noData = documentTabs.some((tab) => hasNoData(overview.inventoryHistory[tab.id]))
  return noData ? COUNT_TABS.filter((tab) => tab.count === 'pages') : COUNT_TABS
}

/** The pages of every scan come from the scan itself, so the Page count chart has data whatever the roll-up. */
function seriesOf(overview: InventoryOverview, id: (typeof COUNT_TABS)[number]['id']): HistoryChartPoint[] {
  const points = overview.inventoryHistory[id]
  return id === 'pagesFound' ? points.map((point) => ({ ...point, y: point.numberOfPages })) : points
}

function CountCards({ overview, href }: { overview: InventoryOverview; href: (rest: string) => string }) {
  const latest = overview.latestScan
  if (!latest) return <p>No scan has finished yet.</p>
  return (
    <ul className={styles.counts} aria-label="Found in the last scan">
      {COUNT_TABS.map((tab) => (
        <li key={tab.id} className={styles.count}>
          <span className={styles.countLabel}>{tab.label === 'Page count' ? 'Pages' : tab.label}</span>
          <span className={styles.countValue}>{formatCount(latest[tab.count])}</span>
          {tab.href ? <Link to={href(tab.href)}>View {tab.label}</Link> : null}
        </li>
      ))}
    </ul>
  )
}

function HistoryTabs({ overview }: { overview: InventoryOverview }) {
  const tabs = visibleCountTabs(overview)
  return (
    <Tabs className={tabStyles.tabs}>
      <TabList aria-label="Inventory history" className={tabStyles.tabList}>
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className={tabStyles.tab}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className={tabStyles.tabPanel}>
          <HistoryChart
            title={`${tab.label} by scan`}
            series={[{ key: tab.id, label: tab.label, points: seriesOf(overview, tab.id) }]}
          />
        </TabPanel>
      ))}
    </Tabs>
  )
}

/** inventory: what the last scan found (count cards) and how the counts moved over the scans (history). */
export function InventoryOverviewScreen({
  siteSlug,
  sectionSlug,
  sectionId,
  headerActions,
}: InventoryScreenProps) {
  useDocumentTitle('Inventory')
  const inventory = useInventory(siteSlug, { sectionId })
  const href = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
  const overview = inventory.data
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="Inventory" title="Inventory overview" actions={headerActions} />
      {inventory.isError ? (
        <NoticePanel icon="alert" tone="danger" title={MESSAGES.detailError.title}>
          <p>{MESSAGES.detailError.body}</p>
        </NoticePanel>
      ) : !overview ? (
        <PageLoader />
      ) : (
        <>
          {overview.latestScan ? (
            <p className={styles.muted}>Last scan finished {formatDateTime(overview.latestScan.finished)}</p>
          ) : null}
          <CountCards overview={overview} href={href} />
          <section className={styles.card} aria-labelledby="inventory-history">
            <h2 id="inventory-history">History</h2>
            <HistoryTabs overview={overview} />
          </section>
        </>
      )}
    </div>
  )
}
