import { useEffect, useState } from 'react'
import { MESSAGES } from '@/config/messages'
import styles from './score.module.css'
import { formatScore, getScoreBand, SCORE_BAND_LABELS, type ScoreScale } from './score-band'

export type ScoreCardProps = {
  title: string
  score: number | null | undefined
  previousScore?: number | null
  scale?: ScoreScale
  isLoading?: boolean
  isError?: boolean
}

const ANIMATION_MS = 600

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

/** Scores count up to their value, unless the user asked for less motion. */
function useAnimatedNumber(target: number | null): number | null {
  const [shown, setShown] = useState(target)
  useEffect(() => {
    if (target === null || prefersReducedMotion()) {
      setShown(target)
      return
    }
    let frame = 0
    const start = performance.now()
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / ANIMATION_MS)
      setShown(target * (1 - (1 - progress) ** 3))
      if (progress < 1) frame = requestAnimationFrame(step)
    }
    frame = requestAnimationFrame(step)
    return () => cancelAnimationFrame(frame)
  }, [target])
  return shown
}

function describeSwing(score: number, previousScore: number, scale: ScoreScale): string {
  const difference = Number(formatScore(score - previousScore, scale))
  if (difference === 0) return 'No change since the previous scan'
  const sign = difference > 0 ? '+' : '−'
  return `${sign}${formatScore(Math.abs(difference), scale)} since the previous scan`
}

/**
 * A score card: the score on a 0-100 (percent) or 0-1 (decimal) scale with its colour band and
 * the swing from the previous score. Loading shows a dash, an error a question mark, and a score that
 * does not exist yet 'Scan scheduled'.
 */
export function ScoreCard({
  title,
  score,
  previousScore,
  scale = 'percent',
  isLoading,
  isError,
}: ScoreCardProps) {
  const state = isLoading ? 'loading' : isError ? 'error' : typeof score === 'number' ? 'score' : 'noData'
  const target = state === 'score' && typeof score === 'number' ? score : null
  const animated = useAnimatedNumber(target)
  const band = target === null ? null : getScoreBand(target, scale)
  const fill =
    animated === null ? 0 : Math.max(0, Math.min(1, scale === 'decimal' ? animated : animated / 100))

  const dialText = {
    loading: MESSAGES.score.loading,
    error: MESSAGES.score.error,
    noData: '',
    score: animated === null ? '' : formatScore(animated, scale),
  }[state]
  const spokenText = {
    loading: 'Loading',
    error: 'Score unavailable',
    noData: MESSAGES.score.noData,
    score:
      target === null || band === null
        ? ''
        : `${formatScore(target, scale)} out of ${scale === 'percent' ? 100 : 1}, ${SCORE_BAND_LABELS[band]}`,
  }[state]
  const statusText = band ? SCORE_BAND_LABELS[band] : state === 'noData' ? MESSAGES.score.noData : ''

  return (
    <section className={styles.card} aria-label={title} aria-busy={state === 'loading' || undefined}>
      <h3 className={styles.title}>{title}</h3>
      <div className={styles.row}>
        <div
          className={`${styles.dial} ${band ? styles[band] : ''}`}
          style={{ ['--score-fill' as string]: fill }}
          aria-hidden="true"
        >
          <span className={styles.value}>{dialText}</span>
        </div>
        <div>
          <p className={`${styles.band} ${band ? styles[band] : styles.status}`}>
            <span className="visually-hidden">{spokenText}</span>
            <span aria-hidden="true">{statusText}</span>
          </p>
          {target !== null && typeof previousScore === 'number' ? (
            <p className={styles.swing}>{describeSwing(target, previousScore, scale)}</p>
          ) : null}
        </div>
      </div>
    </section>
  )
}

/** A compact score for tables and lists, with the same bands and states as the card. */
export function ScoreBadge({
  score,
  scale = 'percent',
  hasScanned = true,
}: {
  score: number | null | undefined
  scale?: ScoreScale
  hasScanned?: boolean
}) {
  if (!hasScanned || typeof score !== 'number') {
    return <span className={styles.badgeMuted}>{MESSAGES.score.noData}</span>
  }
  const band = getScoreBand(score, scale)
  return (
    <span className={`${styles.badge} ${styles[band]}`}>
      {formatScore(score, scale)} <span className="visually-hidden">{SCORE_BAND_LABELS[band]}</span>
    </span>
  )
}
