/**
 * The colour band of a score: percent 90+ success, 50-89
 * warning, below 50 fail; decimal rounded to 2 places, 0.9+ success, 0.5+ warning, below fail.
 */
export type ScoreScale = 'percent' | 'decimal'
export type ScoreBand = 'success' | 'warning' | 'fail'

export function roundScore(score: number, scale: ScoreScale): number {
  return scale === 'decimal' ? Math.round(score * 100) / 100 : Math.round(score)
}

export function getScoreBand(score: number, scale: ScoreScale = 'percent'): ScoreBand {
  const value = roundScore(score, scale)
  const [success, warning] = scale === 'decimal' ? [0.9, 0.5] : [90, 50]
  if (value >= success) return 'success'
  if (value >= warning) return 'warning'
  return 'fail'
}

export function formatScore(score: number, scale: ScoreScale = 'percent'): string {
  return scale === 'decimal' ? roundScore(score, scale).toFixed(2) : String(roundScore(score, scale))
}

/** Words for the band, so the meaning of the colour is also available as text. */
export const SCORE_BAND_LABELS: Record<ScoreBand, string> = {
  success: 'Good',
  warning: 'Needs improvement',
  fail: 'Poor',
}
