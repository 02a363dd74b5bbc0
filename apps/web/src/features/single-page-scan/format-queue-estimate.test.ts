import { describe, expect, it } from 'vitest'
import { formatQueueEstimate } from './format-queue-estimate'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe('queue estimate wording', () => {
  it('says "< 1 minute" below one minute, from nothing at all', () => {
    expect(formatQueueEstimate(0)).toBe('< 1 minute')
    expect(formatQueueEstimate(59 * SECOND)).toBe('< 1 minute')
    expect(formatQueueEstimate(MINUTE - 1)).toBe('< 1 minute')
  })

  it('counts minutes from one minute up to just under an hour', () => {
    expect(formatQueueEstimate(MINUTE)).toBe('~1 minutes')
    expect(formatQueueEstimate(90 * SECOND - 1)).toBe('~1 minutes')
    expect(formatQueueEstimate(90 * SECOND)).toBe('~2 minutes')
    expect(formatQueueEstimate(59 * MINUTE)).toBe('~59 minutes')
    expect(formatQueueEstimate(HOUR - 1)).toBe('~60 minutes')
  })

  it('counts hours from one hour up to a day', () => {
    expect(formatQueueEstimate(HOUR)).toBe('~1 hours')
    expect(formatQueueEstimate(2.5 * HOUR)).toBe('~3 hours')
    expect(formatQueueEstimate(DAY)).toBe('~24 hours')
  })

  it('says "> 1 day" beyond a day, and for an estimate that is not a number', () => {
    expect(formatQueueEstimate(DAY + 1)).toBe('> 1 day')
    expect(formatQueueEstimate(7 * DAY)).toBe('> 1 day')
    expect(formatQueueEstimate(Number.POSITIVE_INFINITY)).toBe('> 1 day')
    expect(formatQueueEstimate(Number.NaN)).toBe('> 1 day')
  })
})
