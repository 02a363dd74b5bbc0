import type { SeoHealth } from '@canopy/contracts'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import styles from '@/components/area/area.module.css'
import { AreaOverview } from '@/components/area/area-overview'
import { OverviewCard } from '@/components/area/overview-card'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useHistory } from '../api/get-history'
import { useIssues } from '../api/get-issues'
import { useSeoHealth } from '../api/get-seo-health'
import { useWorstPages } from '../api/get-worst-pages'

export type SeoScreenProps = {
  siteSlug: string
  sectionSlug: string | null
  sectionId: string | undefined
  /** what the header shows beside the title (the section switcher) */
  headerActions?: ReactNode
}

function HealthSummary({
  health,
  at,
  showOrphans,
}: {
  health: SeoHealth
  at: (rest: string) => string
  showOrphans: boolean
}) {
  const duplicates = health.duplicates.title + health.duplicates.description + health.duplicates.content
  return (
    <>
      <dl className={styles.numbers}>
        <div>
          <dt>Indexable pages</dt>
          <dd>{formatCount(health.pages.indexable)}</dd>
        </div>
        <div>
          <dt>Not indexable</dt>
          <dd>{formatCount(health.pages.notIndexable)}</dd>
        </div>
        <div>
          <dt>Duplicate groups</dt>
          <dd>{formatCount(duplicates)}</dd>
        </div>
        {showOrphans ? (
          <div>
            <dt>Orphaned pages</dt>
            <dd>{formatCount(health.pages.orphaned)}</dd>
          </div>
        ) : null}
      </dl>
      <p className={styles.toolbar}>
        <Link to={at('seo/health')}>See SEO health</Link>
        <Link to={at('seo/duplicate-content')}>See duplicate content</Link>
        {showOrphans ? <Link to={at('seo/orphaned-pages')}>See orphaned pages</Link> : null}
      </p>
    </>
  )
}

/** seo: the SEO score with its swing, the health summary, the most frequent issues, the worst pages, progress. */
export function SeoOverviewScreen({
  siteSlug,
  sectionSlug,
  sectionId,
  headerActions,
  showOrphans,
}: SeoScreenProps & { showOrphans: boolean }) {
  useDocumentTitle('SEO')
  const scope = { sectionId }
  const history = useHistory(siteSlug, scope)
  const health = useSeoHealth(siteSlug, scope)
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
    data: history.data && { points: history.data.seo, metrics: history.data.seoMetricHistory },
  }
  return (
    <AreaOverview
      area="SEO"
      headerActions={headerActions}
      history={areaHistory}
      issues={issues}
      worstPages={worst}
      scoreOf={(page) => page.seoScore}
      issueHref={(issueId) => at(`seo/issues/${encodeURIComponent(issueId)}`)}
      pageHref={(page) => at(`pages/${encodeURIComponent(page.sys.id)}/seo`)}
      pagesHref={at('seo/pages')}
    >
      <OverviewCard id="seo-health" title="Health" state={health}>
        {(data) => <HealthSummary health={data} at={at} showOrphans={showOrphans} />}
      </OverviewCard>
    </AreaOverview>
  )
}
