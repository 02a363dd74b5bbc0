import type { ReactNode } from 'react'
import styles from '@/components/area/area.module.css'
import { AreaOverview } from '@/components/area/area-overview'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { sitePath } from '@/lib/site-paths'
import { useHistory } from '../api/get-history'
import { useIssues } from '../api/get-issues'
import { useWorstPages } from '../api/get-worst-pages'

export type PerformanceScreenProps = {
  siteSlug: string
  sectionSlug: string | null
  sectionId: string | undefined
  /** what the header shows beside the title (the section switcher) */
  headerActions?: ReactNode
}

/** What each metric of the pages list measures. */
export const METRIC_HELP = [
  ['First contentful paint (FCP)', 'When the first text or image appears, in seconds.'],
  ['Speed index (SI)', 'How quickly the content of the page is visibly filled in, in seconds.'],
  [
    'Total blocking time (TBT)',
    'How long the page could not answer a click or a key press while loading, in seconds.',
  ],
  ['Largest contentful paint (LCP)', 'When the largest text or image appears, in seconds.'],
  [
    'Cumulative layout shift (CLS)',
    'How much the content moves while it loads, from 0 (not at all) to 1 and above.',
  ],
] as const

function MetricHelp() {
  return (
    <section className={styles.card} aria-labelledby="metric-help">
      <h2 id="metric-help">What the metrics measure</h2>
      <dl className={styles.definitions}>
        {METRIC_HELP.map(([term, description]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{description}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** performance: the score with its swing, the metrics' help, the most frequent audits, the worst pages, progress. */
export function PerformanceOverviewScreen({
  siteSlug,
  sectionSlug,
  sectionId,
  headerActions,
}: PerformanceScreenProps) {
  useDocumentTitle('Performance')
  const scope = { sectionId }
  const history = useHistory(siteSlug, scope)
  const issues = useIssues(siteSlug, {
    page: 1,
    pageSize: 5,
    sortBy: 'totalCount',
    sortDir: 'desc',
    sectionId,
  })
  const worst = useWorstPages(siteSlug, scope)
  const at = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
  const areaHistory = {
    ...history,
    data: history.data && {
      points: history.data.performance,
      metrics: history.data.performanceMetricHistory,
    },
  }
  return (
    <AreaOverview
      area="Performance"
      headerActions={headerActions}
      history={areaHistory}
      issues={issues}
      worstPages={worst}
      scoreOf={(page) => page.performanceScore}
      issueHref={(issueId) => at(`performance/issues/${encodeURIComponent(issueId)}`)}
      pageHref={(page) => at(`pages/${encodeURIComponent(page.sys.id)}/performance`)}
      pagesHref={at('performance/pages')}
    >
      <MetricHelp />
    </AreaOverview>
  )
}
