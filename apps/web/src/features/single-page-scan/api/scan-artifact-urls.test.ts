import { describe, expect, it } from 'vitest'
import { toStoredElementPath } from '@/lib/element-screenshot-path'
import { singlePageScanElementScreenshotUrl, singlePageScanSnapshotUrl } from './scan-artifact-urls'

describe('artifact URLs of a single-page scan', () => {
  it('passes a stored relative path, and recovers it from an absolute path of older results', () => {
    expect(toStoredElementPath('scans/scan1/abc_DEF-1/element-3.png')).toBe(
      'scans/scan1/abc_DEF-1/element-3.png',
    )
    expect(toStoredElementPath('/srv/canopy/.data/artifacts/scans/scan1/page/element-0.png')).toBe(
      'scans/scan1/page/element-0.png',
    )
  })

  it('gives no URL for anything that is not an element screenshot path', () => {
    for (const path of [
      'scans/scan1/page/full-page.png',
      '../../etc/passwd',
      'scans/a/../b/element-1.png',
      '',
    ]) {
      expect(toStoredElementPath(path), path).toBeUndefined()
      expect(singlePageScanElementScreenshotUrl('scan1', path), path).toBeUndefined()
    }
  })

  it('points at the API route with the path as a query parameter', () => {
    expect(singlePageScanElementScreenshotUrl('scan 1', 'scans/scan1/page/element-2.png')).toBe(
      '/api/v1/single-page-scan/element-screenshot/scan%201?path=scans%2Fscan1%2Fpage%2Felement-2.png',
    )
  })

  it('points the snapshot at the API route of the scan', () => {
    expect(singlePageScanSnapshotUrl('scan 1')).toBe('/api/v1/single-page-scan/snapshot/scan%201')
  })
})
