import { describe, expect, it } from 'vitest'
import { organisationScanUsageWarning, siteScanUsageWarning } from './organisations.js'

describe('siteScanUsageWarning', () => {
  it.each([
    [79, 100, null],
    [80, 100, 'nearing'],
    [99, 100, 'nearing'],
    [100, 100, 'reached'],
    [250, 100, 'reached'],
    [5, 0, null],
  ])('%i of %i → %s', (usage, limit, warning) => {
    expect(siteScanUsageWarning(usage, limit)).toBe(warning)
  })
})

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
