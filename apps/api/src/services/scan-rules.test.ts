import { describe, expect, it } from 'vitest'
import { HttpError } from '../http-errors.js'
import { scanProgressPercent } from '../presenters/scan.js'
import { presentReadabilityLevel } from '../presenters/scan-page.js'
import { assertValidScanSchedule } from './scan-schedule-service.js'
import {
  DEFAULT_SINGLE_PAGE_SCAN_MS,
  estimateScanDuration,
  toScannableUrl,
} from './scan-single-page-service.js'

describe('scanProgressPercent', () => {
  it('is finished (scanned + failed) over queued, in percent with two decimals, 0 before anything is queued', () => {
    expect(scanProgressPercent({ pagesScanned: 0, pagesFailed: 0, pagesQueued: 0 })).toBe(0)
    expect(scanProgressPercent({ pagesScanned: 1, pagesFailed: 0, pagesQueued: 3 })).toBe(33.33)
    expect(scanProgressPercent({ pagesScanned: 1, pagesFailed: 1, pagesQueued: 3 })).toBe(66.67)
    expect(scanProgressPercent({ pagesScanned: 7, pagesFailed: 0, pagesQueued: 7 })).toBe(100)
    expect(scanProgressPercent({ pagesScanned: 5, pagesFailed: 0, pagesQueued: 4 })).toBe(100)
  })
})

describe('estimateScanDuration', () => {
  it('is the rounded mean of recent durations, or the default before there are any', () => {
    expect(estimateScanDuration([])).toBe(DEFAULT_SINGLE_PAGE_SCAN_MS)
    expect(estimateScanDuration([10_000, 20_001])).toBe(15_001)
  })
})

describe('toScannableUrl', () => {
  const fieldOf = (uri: string) => {
    try {
      toScannableUrl(uri)
      return null
    } catch (error) {
      return error instanceof HttpError ? Object.keys(error.errors ?? {}) : 'other'
    }
  }

  it('keeps http(s) addresses without their fragment', () => {
    expect(toScannableUrl(' https://example.test/a?b=1#c ').href).toBe('https://example.test/a?b=1')
    expect(toScannableUrl('http://127.0.0.1:8090/').href).toBe('http://127.0.0.1:8090/')
  })

  it('refuses other schemes, nonsense and credentials with an error on uri', () => {
    for (const uri of [
      '',
      'example',
      'ftp://example.test/',
      'mailto:a@example.test',
      'https://u:p@example.test/',
    ]) {
      expect(fieldOf(uri)).toEqual(['uri'])
    }
  })
})

describe('assertValidScanSchedule', () => {
  it('takes five-field cron patterns and refuses the rest on scanSchedule', () => {
    for (const pattern of ['0 3 * * 1', '*/15 * * * *', '30 2 1 * *'])
      expect(() => assertValidScanSchedule(pattern)).not.toThrow()
    for (const pattern of ['weekly', '0 3 * * 1 *', '61 3 * * 1', '0 3 * * 9']) {
      expect(() => assertValidScanSchedule(pattern)).toThrow(HttpError)
    }
  })
})

describe('presentReadabilityLevel', () => {
  it('turns the database enum into the spec slug', () => {
    expect(presentReadabilityLevel('average_reading_level')).toBe('average-reading-level')
    expect(presentReadabilityLevel('very_difficult_to_read')).toBe('very-difficult-to-read')
    expect(presentReadabilityLevel(null)).toBeNull()
  })
})
