import type { IssuesOverview, PageListItem } from '@canopy/contracts'
import { Link } from 'react-router'
import { OverviewCard } from '@/components/area/overview-card'
import { PageHeader } from '@/components/ui/notice'
import { ScoreBadge, ScoreCard } from '@/components/ui/score-card'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { ACCESSIBILITY_UI } from '@/config/accessibility-messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { describeScan, formatCount, plural } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useHistory } from '../api/get-history'
import { useIssues } from '../api/get-issues'
import { useIssuesOverview } from '../api/get-issues-overview'
import { useWorstPages } from '../api/get-worst-pages'
import { LEVEL_NAMES } from '../labels'
import styles from './accessibility.module.css'
import type { AreaScreenProps } from './accessibility-pages'
import { latestScores, ProgressCharts } from './progress-charts'

/** Failures of the site's WCAG target and advice, counted apart (advice is not a failure). */
function FailuresAndAdvice({ overview, adviceHref }: { overview: IssuesOverview; adviceHref: string }) {
  return (
    <p className={styles.filterNote}>
      <span>
        {ACCESSIBILITY_UI.dashboard.failuresAndAdvice(overview.issuesFailed, overview.issuesAdvice)}
      </span>
      {overview.issuesAdvice > 0 ? <Link to={adviceHref}>See the advice</Link> : null}
    </p>
  )
}

/** Results that need review: how many are still to decide and how many are decided, with the way to them. */
function NeedsReview({ overview, reviewHref }: { overview: IssuesOverview; reviewHref: string }) {
  const { toReview, reviewed } = overview.reviews
  return (
    <>
      <p className={styles.reviewCounts}>{ACCESSIBILITY_UI.dashboard.counts(toReview, reviewed)}</p>
      <Link to={reviewHref}>{ACCESSIBILITY_UI.dashboard.seeToReview}</Link>
    </>
  )
}

function LevelTable({ overview }: { overview: IssuesOverview }) {
  return (
    <ScrollRegion className={styles.tableFrame} label="Failing issues by WCAG level">
      <table className={styles.table}>
        <caption className="visually-hidden">Failing issues by WCAG level</caption>
        <thead>
          <tr>
            <th scope="col">Level</th>
            <th scope="col" className={styles.number}>
              Issues
            </th>
            <th scope="col" className={styles.number}>
              Failures on pages
            </th>
          </tr>
        </thead>
        <tbody>
          {overview.byLevel.map((row) => (
            <tr key={row.level}>
              <th scope="row">{LEVEL_NAMES[row.level]}</th>
              <td className={styles.number}>{formatCount(row.issues)}</td>
              <td className={styles.number}>{formatCount(row.occurrences)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

function SinceLastScan({
  overview,
  issuesHref,
}: {
  overview: IssuesOverview
  issuesHref: (status: string) => string
}) {
  const issues = (count: number) => plural(count, 'issue')
  return (
    <>
      {overview.scan ? <p className={styles.muted}>Last scan: {describeScan(overview.scan)}</p> : null}
      <dl className={styles.numbers}>
        <div>
          <dt>New</dt>
          <dd>{issues(overview.issuesNew)}</dd>
          <dd className={styles.muted}>on {plural(overview.occurrencesNew, 'page', 'pages')} in all</dd>
        </div>
        <div>
          <dt>Fixed</dt>
          <dd>{issues(overview.issuesFixed)}</dd>
          <dd className={styles.muted}>on {plural(overview.occurrencesFixed, 'page', 'pages')} in all</dd>
        </div>
      </dl>
      <p className={styles.filterNote}>
        <Link to={issuesHref('new')}>See the new issues</Link>
        <Link to={issuesHref('fixed')}>See the fixed issues</Link>
      </p>
    </>
  )
}

function WorstPages({
  pages,
  pageHref,
}: {
  pages: PageListItem[]
  pageHref: (page: PageListItem) => string
}) {
  if (pages.length === 0) return <p>No page has been scored yet.</p>
  return (
    <ol className={styles.ranked}>
      {pages.map((page) => (
        <li key={page.sys.id}>
          <Link to={pageHref(page)}>{page.pageTitle || page.entryTitle}</Link>
          <ScoreBadge score={page.accessibilityScore} />
        </li>
      ))}
    </ol>
  )
}

/**
 * The accessibility dashboard of a site or section: the score with its swing, issues by WCAG level (failures
 * of the site's target and advice apart), the results that need review (to review, reviewed), new
 * and fixed since the previous scan, the most frequent issues, the template problems whose one fix clears
 * most pages, the lowest-scoring pages and the progress over time.
 */
export function AccessibilityDashboard({ siteSlug, sectionSlug, sectionId, headerActions }: AreaScreenProps) {
  useDocumentTitle('Accessibility')
  const scope = { sectionId }
  const history = useHistory(siteSlug, scope)
  const overview = useIssuesOverview(siteSlug, scope)
  const frequent = useIssues(siteSlug, {
    page: 1,
    pageSize: 5,
    sortBy: 'totalCount',
    sortDir: 'desc',
    category: 'accessibility',
    sectionId,
  })
  const worst = useWorstPages(siteSlug, scope)
  const at = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
  const issueHref = (issueId: string) => at(`accessibility/issues/${encodeURIComponent(issueId)}`)
  const { score, previous } = latestScores(history.data)
  return (
    <div className={styles.screen}>
      <PageHeader title="Accessibility" actions={headerActions} />
      <div className={styles.cards}>
        <section aria-labelledby="score">
          <h2 id="score" className="visually-hidden">
            Score
          </h2>
          <ScoreCard
            title="Accessibility score"
            score={score}
            previousScore={previous}
            isLoading={history.isPending}
            isError={history.isError}
          />
        </section>
        <OverviewCard id="by-level" title="Issues by WCAG level" state={overview}>
          {(data) => (
            <>
              <FailuresAndAdvice
                overview={data}
                adviceHref={`${at('accessibility/issues')}?conformance=advice`}
              />
              <LevelTable overview={data} />
            </>
          )}
        </OverviewCard>
        <OverviewCard id="needs-review" title={ACCESSIBILITY_UI.dashboard.needsReview} state={overview}>
          {(data) => (
            <NeedsReview overview={data} reviewHref={`${at('accessibility/issues')}?status=manual`} />
          )}
        </OverviewCard>
        <OverviewCard id="since-last-scan" title="Since the previous scan" state={overview}>
          {(data) => (
            <SinceLastScan
              overview={data}
              issuesHref={(status) => `${at('accessibility/issues')}?status=${status}`}
            />
          )}
        </OverviewCard>
        <OverviewCard id="frequent-issues" title="Most frequent issues" state={frequent}>
          {(data) => (
            <>
              {data.items.length === 0 ? <p>No accessibility issue fails now.</p> : null}
              <ol className={styles.ranked}>
                {data.items.map((issue) => (
                  <li key={issue.id}>
                    <Link to={issueHref(issue.id)}>{issue.title.replace(/`/g, '')}</Link>
                    <span className={styles.muted}>{plural(issue.results.totalCount, 'page', 'pages')}</span>
                  </li>
                ))}
              </ol>
              <Link to={at('accessibility/issues')}>See all issues</Link>
            </>
          )}
        </OverviewCard>
        <OverviewCard id="templates" title="Fix once, clear many pages" state={overview}>
          {(data) =>
            data.templates.length === 0 ? (
              <p>No element fails alike on several pages.</p>
            ) : (
              <ol className={styles.ranked}>
                {data.templates.slice(0, 5).map((template) => (
                  <li key={`${template.issueId}-${template.signature}`}>
                    <Link to={`${issueHref(template.issueId)}?template=${template.signature}`}>
                      {template.title.replace(/`/g, '')}: <code>{template.selector}</code>
                    </Link>
                    <span className={styles.muted}>
                      clears {plural(template.clearsPages, 'page', 'pages')}
                    </span>
                  </li>
                ))}
              </ol>
            )
          }
        </OverviewCard>
        <OverviewCard id="worst-pages" title="Pages with the lowest scores" state={worst}>
          {(data) => (
            <>
              <WorstPages
                pages={data}
                pageHref={(page) => at(`pages/${encodeURIComponent(page.sys.id)}/accessibility`)}
              />
              <Link to={at('accessibility/pages')}>See all pages</Link>
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
