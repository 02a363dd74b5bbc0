import type { HistoryResponse } from '@canopy/contracts'
import { Link } from 'react-aria-components'
import { formatScore } from '@/components/ui/score-band'
import { ScoreCard } from '@/components/ui/score-card'
import { latestAndPrevious } from '../format'
import styles from './dashboard.module.css'

/** The four scored areas of the dashboard, with the history series and the route of each. */
export const SCORE_CATEGORIES = [
  { key: 'accessibility', title: 'Accessibility', area: 'accessibility' },
  { key: 'contentQuality', title: 'Content quality', area: 'content-quality' },
  { key: 'seo', title: 'SEO', area: 'seo' },
  { key: 'performance', title: 'Performance', area: 'performance' },
] as const satisfies readonly { key: keyof HistoryResponse; title: string; area: string }[]

type HistoryState = { data: HistoryResponse | undefined; isPending: boolean; isError: boolean }

/**
 * A score card per area: the last scan's score in the spec's colour bands (90+ good, 50-89 needs
 * improvement, below 50 poor), the previous scan's score and the swing between them.
 */
export function ScoreOverview({
  history,
  areaHref,
}: {
  history: HistoryState
  areaHref: (area: string) => string
}) {
  return (
    <section className={styles.card} aria-labelledby="dashboard-scores">
      <h2 id="dashboard-scores" className={styles.cardHeading}>
        Scores
      </h2>
      <ul className={styles.scores}>
        {SCORE_CATEGORIES.map((category) => {
          const { latest, previous } = latestAndPrevious(history.data?.[category.key] ?? [])
          return (
            <li key={category.key} className={styles.scoreItem}>
              <ScoreCard
                title={category.title}
                score={latest}
                previousScore={previous}
                isLoading={history.isPending}
                isError={history.isError}
              />
              {previous !== null ? (
                <p className={styles.muted}>Previous scan: {formatScore(previous)}</p>
              ) : null}
              <Link href={areaHref(category.area)}>
                {category.title} <span className="visually-hidden">results</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
