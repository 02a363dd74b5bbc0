import type { HistoryResponse, IssueTemplate, ScanUsage } from '@canopy/contracts'
import type { ComponentProps } from 'react'
import { type ChartSeries, HistoryChart } from '@/components/charts/history-chart'
import { sitePath } from '@/lib/site-paths'
import { useHistory } from '../api/get-history'
import { useIssuesOverview } from '../api/get-issues-overview'
import { useScanDetails } from '../api/get-scan-details'
import { useWorstPages } from '../api/get-worst-pages'
import type { SectionScope } from '../api/query-keys'
import styles from './dashboard.module.css'
import { DashboardAlerts } from './dashboard-alert'
import { IssueChangesCard } from './issue-changes-card'
import { LastScanCard } from './last-scan-card'
import { type DashboardScope, ScanStateCard } from './scan-state-card'
import { ScoreOverview } from './score-overview'
import { WorstPagesCard } from './worst-pages-card'

export type SiteDashboardProps = {
  site: {
    slug: string
    name: string
    canStartScans: boolean
    firstScanCompleted: boolean
    /** pages scanned this month against the monthly scan limit (the site config's scanUsage) */
    scanUsage: ScanUsage
  }
  /** The section of /site/{slug}/section/{sectionSlug}, or null for the whole site. */
  section: { id: string; slug: string; title: string } | null
}

function scoreSeries(history: HistoryResponse | undefined): ChartSeries[] {
  return [
    { key: 'overview', label: 'Overall', points: history?.overview ?? [] },
    { key: 'accessibility', label: 'Accessibility', points: history?.accessibility ?? [] },
    { key: 'contentQuality', label: 'Content quality', points: history?.contentQuality ?? [] },
    { key: 'seo', label: 'SEO', points: history?.seo ?? [] },
    { key: 'performance', label: 'Performance', points: history?.performance ?? [] },
  ]
}

function failedIssueSeries(history: HistoryResponse | undefined): ChartSeries[] {
  return [
    {
      key: 'accessibility',
      label: 'Accessibility',
      points: history?.accessibilityMetricHistory.issuesFailed ?? [],
    },
    { key: 'seo', label: 'SEO', points: history?.seoMetricHistory.issuesFailed ?? [] },
    {
      key: 'performance',
      label: 'Performance',
      points: history?.performanceMetricHistory.issuesFailed ?? [],
    },
  ]
}

/** The results part of the dashboard, once the site has a completed scan. */
/** A dashboard card holding one history chart under its heading. */
function HistoryCard({ id, title, ...chart }: { id: string } & ComponentProps<typeof HistoryChart>) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardHeading}>
        {title}
      </h2>
      <HistoryChart title={title} {...chart} />
    </section>
  )
}

function ScanResults({ site, section }: SiteDashboardProps) {
  const scope: SectionScope = section ? { sectionId: section.id } : {}
  const history = useHistory(site.slug, scope)
  const scanDetails = useScanDetails(site.slug, scope)
  const worstPages = useWorstPages(site.slug, scope)
  const issues = useIssuesOverview(site.slug, scope)
  const areaHref = (area: string) => sitePath(site.slug, section?.slug ?? null, area)
  // Only the accessibility area has an issue screen so far; other areas' issues are named without a link.
  const issueHref = (template: IssueTemplate) =>
    template.category === 'accessibility'
      ? `${areaHref(`accessibility/issues/${encodeURIComponent(template.issueId)}`)}?template=${template.signature}`
      : null

  return (
    <>
      <ScoreOverview history={history} areaHref={areaHref} />
      <div className={styles.grid}>
        <HistoryCard
          id="dashboard-score-history"
          title="Scores over time"
          series={scoreSeries(history.data)}
          domain={[0, 100]}
        />
        <HistoryCard
          id="dashboard-issue-history"
          title="Failed issues over time"
          series={failedIssueSeries(history.data)}
        />
      </div>
      <div className={styles.grid}>
        <LastScanCard query={scanDetails} />
        <IssueChangesCard query={issues} issueHref={issueHref} />
      </div>
      <WorstPagesCard
        query={worstPages}
        pageHref={(pageId) => sitePath(site.slug, null, `pages/${encodeURIComponent(pageId)}/overview`)}
      />
    </>
  )
}

/**
 * The site and section dashboard (/site/{slug}[/section/{sectionSlug}]): alerts, what scanning is doing
 * now with its controls, then the scores with their swing, history charts, the last-scan summary, the
 * issue changes since the previous scan and the pages that need the most work.
 */
export function SiteDashboard({ site, section }: SiteDashboardProps) {
  const scope: DashboardScope = section
    ? { kind: 'section', sectionId: section.id, title: section.title }
    : { kind: 'site' }
  return (
    <div className={styles.dashboard}>
      <DashboardAlerts siteSlug={site.slug} />
      <ScanStateCard
        siteSlug={site.slug}
        siteName={site.name}
        firstScanCompleted={site.firstScanCompleted}
        canStartScans={site.canStartScans}
        scanUsage={site.scanUsage}
        scope={scope}
      />
      {site.firstScanCompleted ? <ScanResults site={site} section={section} /> : null}
    </div>
  )
}
