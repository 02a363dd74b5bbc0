import {
  HISTORY_NO_DATA,
  type HistoryChartPoint,
  type HistoryResponse,
  type LatestScan,
  SCANNED_ITEM_LABELS,
  type ScanDetails,
} from '@canopy/contracts'
import type { HistoryPointRow } from '@canopy/db'

/**
 * History point rows → the History response and Scan details. The metrics JSON is what the worker's
 * roll-up wrote when the scan finished; a count a point lacks (an older roll-up) is "no data", never a 500.
 */
type MetricGroup =
  | 'latestScan'
  | 'accessibilityMetricHistory'
  | 'seoMetricHistory'
  | 'performanceMetricHistory'
  | 'contentQualityMetricHistory'
  | 'inventoryHistory'

function metric(row: HistoryPointRow, group: MetricGroup, key: string): number | null {
  const metrics = row.metrics
  if (!metrics || typeof metrics !== 'object' || Array.isArray(metrics)) return null
  const values = metrics[group]
  if (!values || typeof values !== 'object' || Array.isArray(values)) return null
  const value = values[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** A point is dated by its scan's finish (the roll-up runs just before it). */
function pointDate(row: HistoryPointRow): Date {
  return row.scan.finishedAt ?? row.recordedAt
}

/** The spec caps the readability score at 100; a mean Flesch below 0 reads as the hardest, 0. */
function readabilityScore(flesch: number | null): number | null {
  return flesch === null ? null : Math.min(100, Math.max(0, flesch))
}

function series(
  rows: HistoryPointRow[],
  value: (row: HistoryPointRow) => number | null,
): HistoryChartPoint[] {
  return rows.map((row) => ({
    x: pointDate(row).toISOString(),
    y: value(row) ?? HISTORY_NO_DATA,
    numberOfPages: row.numberOfPages,
  }))
}

function issueHistory(rows: HistoryPointRow[], group: MetricGroup) {
  return {
    issuesPassed: series(rows, (row) => metric(row, group, 'issuesPassed')),
    issuesFailed: series(rows, (row) => metric(row, group, 'issuesFailed')),
  }
}

function presentLatestScan(row: HistoryPointRow): LatestScan {
  const count = (key: string) => metric(row, 'latestScan', key) ?? 0
  return {
    finished: pointDate(row).toISOString(),
    numberOfBrokenLinks: count('numberOfBrokenLinks'),
    numberOfMisspellings: count('numberOfMisspellings'),
    numberOfPagesWithBrokenImages: count('numberOfPagesWithBrokenImages'),
  }
}

/** `rows` oldest first. */
export function presentHistory(rows: HistoryPointRow[]): HistoryResponse {
  const inventory = (key: string) => series(rows, (row) => metric(row, 'inventoryHistory', key))
  const latest = rows.at(-1)
  return {
    latestScan: latest ? presentLatestScan(latest) : null,
    overview: series(rows, (row) => row.overviewScore),
    accessibility: series(rows, (row) => row.accessibilityScore),
    contentQuality: series(rows, (row) => row.contentQualityScore),
    seo: series(rows, (row) => row.seoScore),
    performance: series(rows, (row) => row.performanceScore),
    accessibilityMetricHistory: issueHistory(rows, 'accessibilityMetricHistory'),
    performanceMetricHistory: issueHistory(rows, 'performanceMetricHistory'),
    seoMetricHistory: issueHistory(rows, 'seoMetricHistory'),
    contentQualityMetricHistory: {
      misspellings: series(rows, (row) => metric(row, 'contentQualityMetricHistory', 'misspellings')),
      brokenLinks: series(rows, (row) => metric(row, 'contentQualityMetricHistory', 'brokenLinks')),
      readability: series(rows, (row) =>
        readabilityScore(metric(row, 'contentQualityMetricHistory', 'readability') ?? row.readabilityScore),
      ),
    },
    inventoryHistory: {
      documentsFound: inventory('documentsFound'),
      pdfsFound: inventory('pdfsFound'),
      pagesFound: inventory('pagesFound'),
      docsFound: inventory('docsFound'),
      archivesFound: inventory('archivesFound'),
      spreadsheetsFound: inventory('spreadsheetsFound'),
      powerpointsFound: inventory('powerpointsFound'),
      mediaFound: inventory('mediaFound'),
    },
  }
}

export interface ScanDetailsInput {
  first: HistoryPointRow | null
  last: HistoryPointRow | null
  nextScheduledScan: Date | null
  maximumPageLimitPerScan: number
}

export function presentScanDetails({
  first,
  last,
  nextScheduledScan,
  maximumPageLimitPerScan,
}: ScanDetailsInput): ScanDetails {
  const found = (key: string) => (last ? (metric(last, 'inventoryHistory', key) ?? 0) : 0)
  const pages = last?.numberOfPages ?? 0
  return {
    date: last ? pointDate(last).toISOString() : null,
    firstScanned: first ? pointDate(first).toISOString() : null,
    nextSheduledScan: nextScheduledScan?.toISOString() ?? null,
    scanType: last ? (last.scan.kind === 'section' ? 'section' : 'full') : null,
    itemsScanned: last
      ? [
          { count: pages, label: SCANNED_ITEM_LABELS.pages },
          { count: found('pdfsFound'), label: SCANNED_ITEM_LABELS.pdfs },
          { count: found('docsFound'), label: SCANNED_ITEM_LABELS.documents },
          { count: found('spreadsheetsFound'), label: SCANNED_ITEM_LABELS.spreadsheets },
          { count: found('powerpointsFound'), label: SCANNED_ITEM_LABELS.powerpoints },
          { count: found('archivesFound'), label: SCANNED_ITEM_LABELS.archives },
        ]
      : [],
    maximumPageLimitPerScan,
    pagesScanned: pages,
    documentsScanned: found('pdfsFound'),
    docDocumentsCount: found('docsFound'),
  }
}
