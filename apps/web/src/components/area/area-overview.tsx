import {
  HISTORY_NO_DATA,
  type HistoryChartPoint,
  type IssueListItem,
  type IssueMetricHistory,
  type PagedList,
  type PageListItem,
} from '@canopy/contracts'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { HistoryChart } from '@/components/charts/history-chart'
import { PageHeader } from '@/components/ui/notice'
import { ScoreBadge, ScoreCard } from '@/components/ui/score-card'
import { plural } from '@/lib/format-values'
import styles from './area.module.css'
import { OverviewCard } from './overview-card'

type QueryState<T> = { data: T | undefined; isError: boolean; isPending: boolean }

/** What an area's overview shows of the site's history: its score series and its audits' counts. */
export type AreaHistory = { points: HistoryChartPoint[]; metrics: IssueMetricHistory }

export type AreaOverviewProps = {
  /** the area's name: the heading, and how its cards name it */
  area: string
  headerActions?: ReactNode
  history: QueryState<AreaHistory>
  issues: QueryState<PagedList<IssueListItem>>
  worstPages: QueryState<PageListItem[]>
  /** the area's score of a page */
  scoreOf: (page: PageListItem) => number | null
  issueHref: (issueId: string) => string
  pageHref: (page: PageListItem) => string
  pagesHref: string
  /** the area's own cards, after the score */
  children?: ReactNode
}

/** The latest score and the one before it, skipping points without data. */
export function latestScores(points: HistoryChartPoint[] | undefined) {
  const scored = (points ?? []).filter((point) => point.y !== HISTORY_NO_DATA)
  return { score: scored.at(-1)?.y ?? null, previous: scored.at(-2)?.y ?? null }
}

/** The score over the scans, then the audits failed and passed and the pages scanned on a scale of their own. */
function ProgressCharts({ history }: { history: AreaHistory }) {
  if (history.points.length === 0) return <p>No scan has finished yet.</p>
  return (
    <>
      <h3>Score</h3>
      <HistoryChart
        title="Score by scan"
        series={[{ key: 'score', label: 'Score', points: history.points }]}
        domain={[0, 100]}
      />
      <h3>Audits and pages</h3>
      <HistoryChart
        title="Audits and pages by scan"
        series={[
          { key: 'failed', label: 'Audits failed', points: history.metrics.issuesFailed },
          { key: 'passed', label: 'Audits passed', points: history.metrics.issuesPassed },
          {
            key: 'pages',
            label: 'Pages',
            points: history.points.map((point) => ({ ...point, y: point.numberOfPages })),
          },
        ]}
      />
    </>
  )
}

function FrequentIssues({
  area,
  issues,
  issueHref,
}: Pick<AreaOverviewProps, 'area' | 'issueHref'> & { issues: IssueListItem[] }) {
  if (issues.length === 0) return <p>No {area} issue fails now.</p>
  return (
    <ol className={styles.ranked}>
      {issues.map((issue) => (
        <li key={issue.id}>
          <Link to={issueHref(issue.id)}>{issue.title.replace(/`/g, '')}</Link>
          <span className={styles.muted}>{plural(issue.results.totalCount, 'page', 'pages')}</span>
        </li>
      ))}
    </ol>
  )
}

function WorstPages({
  pages,
  pageHref,
  scoreOf,
}: Pick<AreaOverviewProps, 'pageHref' | 'scoreOf'> & { pages: PageListItem[] }) {
  if (pages.length === 0) return <p>No page has been scored yet.</p>
  return (
    <ol className={styles.ranked}>
      {pages.map((page) => (
        <li key={page.sys.id}>
          <Link to={pageHref(page)}>{page.pageTitle || page.entryTitle}</Link>
          <ScoreBadge score={scoreOf(page)} />
        </li>
      ))}
    </ol>
  )
}

/**
 * The overview of a results area (SEO, performance): the score with its swing, the area's own cards, the
 * most frequent issues, the lowest-scoring pages and the progress over time.
 */
export function AreaOverview(props: AreaOverviewProps) {
  const { area, history, issues, worstPages } = props
  const { score, previous } = latestScores(history.data?.points)
  return (
    <div className={styles.screen}>
      <PageHeader title={area} actions={props.headerActions} />
      <div className={styles.cards}>
        <section aria-labelledby="score">
          <h2 id="score" className="visually-hidden">
            Score
          </h2>
          <ScoreCard
            title={`${area} score`}
            score={score}
            previousScore={previous}
            isLoading={history.isPending}
            isError={history.isError}
          />
        </section>
        {props.children}
        <OverviewCard id="frequent-issues" title="Most frequent issues" state={issues}>
          {(data) => <FrequentIssues area={area} issues={data.items} issueHref={props.issueHref} />}
        </OverviewCard>
        <OverviewCard id="worst-pages" title="Pages with the lowest scores" state={worstPages}>
          {(data) => (
            <>
              <WorstPages pages={data} pageHref={props.pageHref} scoreOf={props.scoreOf} />
              <Link to={props.pagesHref}>See all pages</Link>
            </>
          )}
        </OverviewCard>
        <OverviewCard id="progress" title="Progress over time" state={history} wide>
          {(data) => <ProgressCharts history={data} />}
        </OverviewCard>
      </div>
    </div>
  )
}
