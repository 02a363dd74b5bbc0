import { describe, expect, it } from 'vitest'
import { organisationScanUsageWarning } from './organisations.js'

describe('organisationScanUsageWarning', () => {
  it.each([
    [900, 1000, null],
    [901, 1000, 'nearing'],
    [998, 1000, 'nearing'],
    // from the limit minus 1 up to the limit: neither warning
    [999, 1000, null],
    [1000, 1000, 'reached'],
    [1200, 1000, 'reached'],
    [0, 0, null],
  ])('%i of %i → %s', (usage, limit, warning) => {
    expect(organisationScanUsageWarning(usage, limit)).toBe(warning)
  })
})
