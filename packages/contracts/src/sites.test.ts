import { describe, expect, it } from 'vitest'
import { isScanLimitReached, scanLimitPeriodStart, scanUsageWarning, toScanUsage } from './sites.js'

describe('scan usage', () => {
  it('counts from the first instant of the calendar month in UTC', () => {
    expect(scanLimitPeriodStart(new Date('2026-11-30T23:59:59.999Z')).toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    )
    expect(scanLimitPeriodStart(new Date('2027-01-01T00:00:00.000Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    )
  })

  it('gives the share of the limit rounded down, and none for a limit of 0', () => {
    expect(toScanUsage(79, 100)).toEqual({ pagesScannedThisMonth: 79, scanLimit: 100, percent: 79 })
    expect(toScanUsage(3, 7).percent).toBe(42)
    expect(toScanUsage(12, 0).percent).toBeNull()
  })

  it('warns nearing at 80 % and reached at 100 %', () => {
    expect(scanUsageWarning(toScanUsage(79, 100))).toBeNull()
    expect(scanUsageWarning(toScanUsage(80, 100))).toBe('nearing')
    expect(scanUsageWarning(toScanUsage(99, 100))).toBe('nearing')
    expect(scanUsageWarning(toScanUsage(100, 100))).toBe('reached')
    expect(scanUsageWarning(toScanUsage(130, 100))).toBe('reached')
    expect(scanUsageWarning(toScanUsage(500, 0))).toBeNull()
  })

  it('is reached at the limit, and never with no limit', () => {
    expect(isScanLimitReached(toScanUsage(4, 5))).toBe(false)
    expect(isScanLimitReached(toScanUsage(5, 5))).toBe(true)
    expect(isScanLimitReached(toScanUsage(5, 0))).toBe(false)
  })
})
