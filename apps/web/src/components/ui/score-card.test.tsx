import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { formatScore, getScoreBand } from './score-band'
import { ScoreBadge, ScoreCard } from './score-card'

describe('score bands (constants.json scoreCardPercent / scoreCardDecimal)', () => {
  it.each([
    [100, 'success'],
    [90, 'success'],
    [89.4, 'warning'],
    [50, 'warning'],
    [49.4, 'fail'],
    [0, 'fail'],
  ])('percent %d is %s', (score, band) => {
    expect(getScoreBand(score, 'percent')).toBe(band)
  })

  it.each([
    [0.9, 'success'],
    [0.896, 'success'],
    [0.5, 'warning'],
    [0.494, 'fail'],
  ])('decimal %d is %s after rounding to 2 places', (score, band) => {
    expect(getScoreBand(score, 'decimal')).toBe(band)
  })

  it('formats decimals to 2 places and percents as whole numbers', () => {
    expect(formatScore(0.8765, 'decimal')).toBe('0.88')
    expect(formatScore(72.6, 'percent')).toBe('73')
  })
})

describe('ScoreCard', () => {
  it('shows the score, its band and the swing from the previous score', () => {
    render(<ScoreCard title="Accessibility score" score={92} previousScore={88} />)
    expect(screen.getByRole('region', { name: 'Accessibility score' })).toBeInTheDocument()
    expect(screen.getByText('92 out of 100, Good')).toBeInTheDocument()
    expect(screen.getByText('+4 since the previous scan')).toBeInTheDocument()
  })

  it('shows a dash while loading and a question mark on error', () => {
    const { rerender } = render(<ScoreCard title="SEO score" score={undefined} isLoading />)
    expect(screen.getByText('-')).toBeInTheDocument()
    rerender(<ScoreCard title="SEO score" score={undefined} isError />)
    expect(screen.getByText('?')).toBeInTheDocument()
  })

  it("says 'Scan scheduled' when there is no score yet", async () => {
    const { container } = render(<ScoreCard title="Performance score" score={null} />)
    expect(screen.getAllByText('Scan scheduled').length).toBeGreaterThan(0)
    expect(await findAxeViolations(container)).toEqual([])
  })

  it('badges a score in its band, or Scan scheduled before the first scan', () => {
    const { rerender } = render(<ScoreBadge score={45} />)
    expect(screen.getByText('45')).toBeInTheDocument()
    expect(screen.getByText('Poor')).toBeInTheDocument()
    rerender(<ScoreBadge score={80} hasScanned={false} />)
    expect(screen.getByText('Scan scheduled')).toBeInTheDocument()
  })
})
