import {
  HISTORY_NO_DATA,
  type HistoryChartPoint,
  type HistoryResponse,
  type LatestScan,
  type ScanDetails,
} from '@canopy/contracts'
import type { ReactNode } from 'react'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { Link } from 'react-router'
import { HistoryChart } from '@/components/charts/history-chart'
import { PageHeader } from '@/components/ui/notice'
import { ScoreCard } from '@/components/ui/score-card'
import tabStyles from '@/components/ui/tabs.module.css'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, formatDateTime } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useHistory } from '../api/get-history'
import { useReadability } from '../api/get-readability'
import { useScanDetails } from '../api/get-scan-details'
import { CARD_BAND_LABELS, CARD_BANDS, type CardBand, CONTENT_QUALITY_MESSAGES as TEXT } from '../labels'
import styles from './content-quality.module.css'

export type AreaScreenProps = {
  siteSlug: string
  sectionSlug: string | null
  sectionId: string | undefined
  /** what the header shows beside the title (the section switcher) */
  headerActions?: ReactNode
}

/** The points that have a value: -0.1 marks a scan that recorded none. */
const withData = (points: HistoryChartPoint[]) => points.filter((point) => point.y !== HISTORY_NO_DATA)

/** One of the four cards: its figure in its threshold's colour, the band in words, and 'See more'. */
function MetricCard({
  id,
  title,
  value,
  band,
  href,
}: {
  id: string
  title: string
  value: string | null
  band: CardBand | null
  href: string
}) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {value === null ? (
        <p className={styles.muted}>{MESSAGES.score.noData}</p>
      ) : (
        <>
          <p className={`${styles.metric} ${band ? styles[band] : ''}`}>{value}</p>
          {band ? <p className={styles[band]}>{CARD_BAND_LABELS[band]}</p> : null}
        </>
      )}
      <Link to={href}>
        {TEXT.seeMore} <span className="visually-hidden">about {title.toLowerCase()}</span>
      </Link>
    </section>
  )
}

/** The last scan (scan-details): when it finished, of what kind, what it scanned, and what it found here. */
function LastScanSummary({ details, latest }: { details: ScanDetails; latest: LatestScan | null }) {
  if (!details.date || !latest) return <p>No scan has finished yet.</p>
  const facts: [string, string][] = [
    ['Finished', formatDateTime(details.date)],
    ['Scan type', details.scanType === 'section' ? 'Section rescan' : 'Full site scan'],
    ...details.itemsScanned
      .filter((item) => item.count > 0)
      .map((item): [string, string] => [`${item.label} scanned`, formatCount(item.count)]),
    ['Broken links', formatCount(latest.numberOfBrokenLinks)],
    ['Misspellings', formatCount(latest.numberOfMisspellings)],
    ['Pages with broken images', formatCount(latest.numberOfPagesWithBrokenImages)],
  ]
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The progress over time, one tab per measure: the score, readability, broken links, misspellings. */
function ProgressTabs({ history }: { history: HistoryResponse }) {
  const metrics = history.contentQualityMetricHistory
  const tabs = [
    {
      id: 'overall',
      label: TEXT.chartTabs.overall,
      points: history.contentQuality,
      domain: [0, 100] as [number, number],
    },
    {
      id: 'readability',
      label: TEXT.chartTabs.readability,
      points: metrics.readability,
      domain: [0, 100] as [number, number],
    },
    { id: 'broken-links', label: TEXT.chartTabs.brokenLinks, points: metrics.brokenLinks },
    { id: 'misspellings', label: TEXT.chartTabs.misspellings, points: metrics.misspellings },
  ]
  if (history.contentQuality.length === 0) return <p>No scan has finished yet.</p>
  return (
    <Tabs className={tabStyles.tabs}>
      <TabList aria-label="Progress over time" className={tabStyles.tabList}>
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className={tabStyles.tab}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className={styles.tabPanel}>
          <HistoryChart
            title={`${tab.label} by scan`}
            series={[{ key: tab.id, label: tab.label, points: tab.points }]}
            domain={tab.domain}
          />
        </TabPanel>
      ))}
    </Tabs>
  )
}

function OverviewCards({
  history,
  readabilityScore,
  at,
}: {
  history: HistoryResponse | undefined
  readabilityScore: number | null | undefined
  at: (rest: string) => string
}) {
  const latest = history?.latestScan ?? null
  const count = (value: number | undefined) => (value === undefined ? null : formatCount(value))
  return (
    <>
      <MetricCard
        id="card-readability"
        title={TEXT.cards.readability}
        value={typeof readabilityScore === 'number' ? String(Math.round(readabilityScore)) : null}
        band={typeof readabilityScore === 'number' ? CARD_BANDS.readability(readabilityScore) : null}
        href={at('content-quality/readability')}
      />
      <MetricCard
        id="card-broken-links"
        title={TEXT.cards.brokenLinks}
        value={count(latest?.numberOfBrokenLinks)}
        band={latest ? CARD_BANDS.brokenLinks(latest.numberOfBrokenLinks) : null}
        href={at('content-quality/broken-links')}
      />
      <MetricCard
        id="card-misspellings"
        title={TEXT.cards.misspellings}
        value={count(latest?.numberOfMisspellings)}
        band={latest ? CARD_BANDS.misspellings(latest.numberOfMisspellings) : null}
        href={at('content-quality/misspellings')}
      />
      <MetricCard
        id="card-broken-images"
        title={TEXT.cards.brokenImages}
        value={count(latest?.numberOfPagesWithBrokenImages)}
        band={latest ? CARD_BANDS.brokenImages(latest.numberOfPagesWithBrokenImages) : null}
        href={at('content-quality/issues/broken-images')}
      />
    </>
  )
}

/**
 * content-quality: the score with its swing, the last-scan summary, the four cards with their thresholds
 * and the progress over time in tabs. Before the first scan the area gate shows 'Your results are on the way'.
 */
export function ContentQualityOverview({ siteSlug, sectionSlug, sectionId, headerActions }: AreaScreenProps) {
  useDocumentTitle(TEXT.title)
  const scope = { sectionId }
  const history = useHistory(siteSlug, scope)
  const readability = useReadability(siteSlug, scope)
  const scanDetails = useScanDetails(siteSlug, scope)
  const at = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
  const scores = withData(history.data?.contentQuality ?? [])
  return (
    <div className={styles.screen}>
      <PageHeader title={TEXT.title} actions={headerActions} />
      <div className={styles.cards}>
        <section aria-labelledby="score">
          <h2 id="score" className="visually-hidden">
            Score
          </h2>
          <ScoreCard
            title="Content quality score"
            score={scores.at(-1)?.y ?? null}
            previousScore={scores.at(-2)?.y ?? null}
            isLoading={history.isPending}
            isError={history.isError}
          />
        </section>
        <section className={styles.card} aria-labelledby="last-scan">
          <h2 id="last-scan">Last scan summary</h2>
          {history.isError || scanDetails.isError ? (
            <p>{MESSAGES.list.errorTitle}</p>
          ) : history.data && scanDetails.data ? (
            <LastScanSummary details={scanDetails.data} latest={history.data.latestScan} />
          ) : (
            <p role="status">Loading</p>
          )}
        </section>
        <OverviewCards history={history.data} readabilityScore={readability.data?.score} at={at} />
        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="progress">
          <h2 id="progress">Progress over time</h2>
          {history.isError ? (
            <p>{MESSAGES.list.errorTitle}</p>
          ) : history.data ? (
            <ProgressTabs history={history.data} />
          ) : (
            <p role="status">Loading</p>
          )}
        </section>
      </div>
    </div>
  )
}
