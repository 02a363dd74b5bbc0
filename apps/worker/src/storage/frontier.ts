/**
 * The scan frontier as the scan jobs use it; the queries live in packages/db (scan-frontier.ts), where the
 * rules they keep (a URL admitted once, counted once, within the page limit) are explained.
 */
export {
  admitUrls,
  type FrontierCandidate,
  finishUrl,
  isReadyToFinalize,
  markLighthouseDone,
  readScanCounts as readCounts,
  type ScanCounts,
  skipUrl,
  startScan,
} from '@canopy/db'
