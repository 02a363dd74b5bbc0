import type { SeoHealth } from '@canopy/contracts'
import { Link } from 'react-router'
import styles from '@/components/area/area.module.css'
import { NoticePanel, PageHeader, PageLoader } from '@/components/ui/notice'
import { ScoreCard } from '@/components/ui/score-card'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useSeoHealth } from '../api/get-seo-health'
import type { SeoScreenProps } from './seo-overview'

function Counts({ health }: { health: SeoHealth }) {
  const counts = [
    ['Pages scanned', health.pages.scanned],
    ['Indexable', health.pages.indexable],
    ['Not indexable', health.pages.notIndexable],
    ['In the sitemap', health.pages.inSitemap],
    ['Orphaned', health.pages.orphaned],
    ['Duplicate titles', health.duplicates.title],
    ['Duplicate descriptions', health.duplicates.description],
    ['Duplicate content', health.duplicates.content],
  ] as const
  return (
    <dl className={styles.numbers}>
      {counts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  )
}

function ChecksTable({ health, issueHref }: { health: SeoHealth; issueHref: (issueId: string) => string }) {
  if (health.checks.length === 0) return <p>No page has been checked yet.</p>
  return (
    <ScrollRegion className={styles.tableFrame} label="SEO checks">
      <table className={styles.table}>
        <caption className="visually-hidden">Each SEO check with the pages it fails on</caption>
        <thead>
          <tr>
            <th scope="col">Check</th>
            <th scope="col" className={styles.number}>
              Pages failing
            </th>
            <th scope="col" className={styles.number}>
              Pages checked
            </th>
            <th scope="col" className={styles.number}>
              Passing
            </th>
          </tr>
        </thead>
        <tbody>
          {health.checks.map((check) => (
            <tr key={check.issueId}>
              <th scope="row">
                {check.pagesFailed > 0 ? (
                  <Link to={issueHref(check.issueId)}>{check.title.replace(/`/g, '')}</Link>
                ) : (
                  check.title.replace(/`/g, '')
                )}
              </th>
              <td className={styles.number}>{formatCount(check.pagesFailed)}</td>
              <td className={styles.number}>{formatCount(check.pagesChecked)}</td>
              <td className={styles.number}>{check.passRate === null ? '' : `${check.passRate}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/** seo/health: the average SEO score, the page and duplicate counts, and every SEO check over the pages. */
export function SeoHealthScreen({ siteSlug, sectionSlug, sectionId, headerActions }: SeoScreenProps) {
  useDocumentTitle('SEO health')
  const health = useSeoHealth(siteSlug, { sectionId })
  const issueHref = (issueId: string) =>
    sitePath(siteSlug, sectionSlug, `seo/issues/${encodeURIComponent(issueId)}`)
  if (health.isError) {
    return (
      <NoticePanel icon="alert" tone="danger" title={MESSAGES.detailError.title} headingLevel={1}>
        <p>{MESSAGES.detailError.body}</p>
      </NoticePanel>
    )
  }
  if (!health.data) return <PageLoader />
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="SEO" title="Health" actions={headerActions} />
      <div className={styles.cards}>
        <section aria-labelledby="health-score">
          <h2 id="health-score" className="visually-hidden">
            Score
          </h2>
          <ScoreCard title="Average SEO score" score={health.data.score} />
        </section>
        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="health-counts">
          <h2 id="health-counts">Pages</h2>
          <Counts health={health.data} />
        </section>
        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="health-checks">
          <h2 id="health-checks">Checks</h2>
          <ChecksTable health={health.data} issueHref={issueHref} />
        </section>
      </div>
    </div>
  )
}
