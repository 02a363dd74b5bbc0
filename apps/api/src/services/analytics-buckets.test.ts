import { describe, expect, it } from 'vitest'
import { bucketViews, daysOf } from './analytics-buckets.js'

describe('the views chart buckets', () => {
  const views = new Map([
    ['2026-11-01', 3],
    ['2026-11-02', 4],
    ['2026-11-09', 10],
    ['2026-12-01', 1],
  ])

  it('has every day of the period, with 0 where there were no views', () => {
    expect(daysOf('2026-11-29', '2026-12-02')).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ])
    expect(bucketViews(views, { start: '2026-11-01', end: '2026-11-03', granularity: 'day' })).toEqual([
      { label: '2026-11-01', count: 3 },
      { label: '2026-11-02', count: 4 },
      { label: '2026-11-03', count: 0 },
    ])
  })

  it('sums Monday-to-Sunday weeks and calendar months, labelled with their first day in the period', () => {
    // 1 November 2026 is a Sunday: it closes the week that began before the period
    expect(bucketViews(views, { start: '2026-11-01', end: '2026-11-15', granularity: 'week' })).toEqual([
      { label: '2026-11-01', count: 3 },
      { label: '2026-11-02', count: 4 },
      { label: '2026-11-09', count: 10 },
    ])
    expect(bucketViews(views, { start: '2026-11-01', end: '2026-12-31', granularity: 'month' })).toEqual([
      { label: '2026-11-01', count: 17 },
      { label: '2026-12-01', count: 1 },
    ])
  })
})
