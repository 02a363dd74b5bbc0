import type { PageListItem } from '@canopy/contracts'
import { Link } from 'react-aria-components'
import { StatusMessage } from '@/components/ui/notice'
import { ScoreBadge } from '@/components/ui/score-card'
import { plural } from '@/lib/format-values'
import styles from './dashboard.module.css'

type Query = { data: PageListItem[] | undefined; isPending: boolean; isError: boolean }

/** The lowest accessibility scores of the scope (worst-pages), each leading to its page detail. */
export function WorstPagesCard({ query, pageHref }: { query: Query; pageHref: (pageId: string) => string }) {
  return (
    <section className={styles.card} aria-labelledby="dashboard-worst-pages">
      <h2 id="dashboard-worst-pages" className={styles.cardHeading}>
        Pages that need the most work
      </h2>
      <p className={styles.muted}>Lowest accessibility scores in the last scan.</p>
      {query.isPending ? (
        <p className={styles.muted}>Loading</p>
      ) : query.isError ? (
        <StatusMessage title="The pages could not be loaded." />
      ) : (query.data ?? []).length === 0 ? (
        <StatusMessage title="No pages have been scanned yet." />
      ) : (
        <ol className={styles.pages}>
          {(query.data ?? []).map((page) => (
            <li key={page.sys.id}>
              <span className={styles.pageName}>
                <Link href={pageHref(page.sys.id)}>{page.pageTitle || page.entryTitle}</Link>
                <span className={styles.pageUrl}>{page.entryTitle}</span>
                <span className={styles.pageUrl}>
                  {plural(page.numberOfAccessibilityIssuesFailed, 'failed issue', 'failed issues')}
                </span>
              </span>
              <ScoreBadge score={page.accessibilityScore} />
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
