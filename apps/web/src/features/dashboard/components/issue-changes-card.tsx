import type { IssuesOverview, IssueTemplate } from '@canopy/contracts'
import { Link } from 'react-aria-components'
import { StatusMessage } from '@/components/ui/notice'
import { formatCount, formatDateTime, plural } from '@/lib/format-values'
import styles from './dashboard.module.css'

type Query = { data: IssuesOverview | undefined; isPending: boolean; isError: boolean }

/** How many template problems the card lists ("fix once, clears N pages"). */
const TEMPLATES_SHOWN = 3

function Change({ title, issues, occurrences }: { title: string; issues: number; occurrences: number }) {
  return (
    <div className={styles.change}>
      <dt>{title}</dt>
      <dd className={styles.changeValue}>{formatCount(issues)}</dd>
      <dd>
        {plural(issues, 'issue', 'issues')}, {plural(occurrences, 'occurrence', 'occurrences')} on pages
      </dd>
    </div>
  )
}

function Templates({
  templates,
  issueHref,
}: {
  templates: IssueTemplate[]
  issueHref: (template: IssueTemplate) => string | null
}) {
  return (
    <>
      <h3>Fix once, clear many pages</h3>
      <ol className={styles.templates}>
        {templates.slice(0, TEMPLATES_SHOWN).map((template) => {
          const href = issueHref(template)
          return (
            <li key={`${template.issueId}-${template.signature}`}>
              {href ? <Link href={href}>{template.title}</Link> : template.title}:{' '}
              <span className={styles.code}>{template.selector}</span> fails on{' '}
              {plural(template.pageCount, 'page', 'pages')}; fixing it clears{' '}
              {plural(template.clearsPages, 'page', 'pages')}.
            </li>
          )
        })}
      </ol>
    </>
  )
}

/** New and fixed issues since the previous scan (issues/overview, every area), and the biggest template problems. */
export function IssueChangesCard({
  query,
  issueHref,
}: {
  query: Query
  issueHref: (template: IssueTemplate) => string | null
}) {
  const overview = query.data
  return (
    <section className={styles.card} aria-labelledby="dashboard-issue-changes">
      <h2 id="dashboard-issue-changes" className={styles.cardHeading}>
        Changes since the previous scan
      </h2>
      {query.isPending ? (
        <p className={styles.muted}>Loading</p>
      ) : query.isError || !overview ? (
        <StatusMessage title="The issue changes could not be loaded." />
      ) : !overview.scan ? (
        <StatusMessage title="No completed scan yet." />
      ) : (
        <>
          <p className={styles.muted}>
            {overview.scan.number === null ? 'The last scan' : `Scan ${overview.scan.number}`}, finished{' '}
            {formatDateTime(overview.scan.finishedAt)};{' '}
            {plural(overview.issuesFailed, 'issue fails', 'issues fail')} now.
          </p>
          <dl className={styles.changes}>
            <Change title="New issues" issues={overview.issuesNew} occurrences={overview.occurrencesNew} />
            <Change
              title="Fixed issues"
              issues={overview.issuesFixed}
              occurrences={overview.occurrencesFixed}
            />
          </dl>
          {overview.templates.length > 0 ? (
            <Templates templates={overview.templates} issueHref={issueHref} />
          ) : null}
        </>
      )}
    </section>
  )
}
