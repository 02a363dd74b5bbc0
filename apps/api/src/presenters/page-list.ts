import {
  type FailuresByLevel,
  type PageListItem,
  type PageMisspelling,
  PerformanceMetricSchema,
} from '@canopy/contracts'
import type { PageListRow } from '@canopy/db'
import type { ExportColumn } from '../lib/list-export.js'
import { presentReadabilityLevel } from './scan-page.js'

const METRICS = [
  'firstContentfulPaint',
  'speedIndex',
  'totalBlockingTime',
  'largestContentfulPaint',
  'cumulativeLayoutShift',
] as const

/** One metric as the worker stored it ({value, score}); null when it was not measured. */
function readMetric(metrics: unknown, name: (typeof METRICS)[number]) {
  if (typeof metrics !== 'object' || metrics === null) return null
  const parsed = PerformanceMetricSchema.safeParse((metrics as Record<string, unknown>)[name])
  return parsed.success ? parsed.data : null
}

/** A page's sys: created when first seen, modified when last scanned (absent before its first scan). */
export function presentPageSys(row: Pick<PageListRow, 'id' | 'firstSeenAt' | 'lastScannedAt'>) {
  return {
    id: row.id,
    version: {
      created: row.firstSeenAt.toISOString(),
      ...(row.lastScannedAt ? { modified: row.lastScannedAt.toISOString() } : {}),
    },
  }
}

export function presentPageListItem(row: PageListRow, failuresByLevel: FailuresByLevel | null): PageListItem {
  return {
    sys: presentPageSys(row),
    pageTitle: row.title,
    entryTitle: row.url,
    httpStatus: row.httpStatus,
    accessibilityScore: row.accessibilityScore,
    seoScore: row.seoScore,
    performanceScore: row.performanceScore,
    contentQualityScore: row.contentQualityScore,
    numberOfAccessibilityIssuesFailed: row.numberOfAccessibilityIssuesFailed,
    numberOfSeoIssuesFailed: row.numberOfSeoIssuesFailed,
    numberOfPerformanceIssuesFailed: row.numberOfPerformanceIssuesFailed,
    accessibilityFailuresByLevel: failuresByLevel,
    brokenLinkCount: row.brokenLinkCount,
    brokenImageCount: row.brokenImageCount,
    misspellings: row.misspellingCount,
    readability: { flesch: row.readabilityFlesch, level: presentReadabilityLevel(row.readabilityLevel) },
    firstContentfulPaint: readMetric(row.performanceMetrics, 'firstContentfulPaint'),
    speedIndex: readMetric(row.performanceMetrics, 'speedIndex'),
    totalBlockingTime: readMetric(row.performanceMetrics, 'totalBlockingTime'),
    largestContentfulPaint: readMetric(row.performanceMetrics, 'largestContentfulPaint'),
    cumulativeLayoutShift: readMetric(row.performanceMetrics, 'cumulativeLayoutShift'),
    views: row.pageViewsLastMonth,
  }
}

/** The columns of a pages export: the item's fields, nested ones by their path. */
export const PAGE_EXPORT_COLUMNS: ExportColumn<PageListItem>[] = [
  { header: 'id', value: (item) => item.sys.id },
  { header: 'pageTitle', value: (item) => item.pageTitle },
  { header: 'entryTitle', value: (item) => item.entryTitle },
  { header: 'httpStatus', value: (item) => item.httpStatus },
  { header: 'accessibilityScore', value: (item) => item.accessibilityScore },
  { header: 'seoScore', value: (item) => item.seoScore },
  { header: 'performanceScore', value: (item) => item.performanceScore },
  { header: 'contentQualityScore', value: (item) => item.contentQualityScore },
  { header: 'numberOfAccessibilityIssuesFailed', value: (item) => item.numberOfAccessibilityIssuesFailed },
  { header: 'accessibilityFailures.A', value: (item) => item.accessibilityFailuresByLevel?.A },
  { header: 'accessibilityFailures.AA', value: (item) => item.accessibilityFailuresByLevel?.AA },
  { header: 'accessibilityFailures.AAA', value: (item) => item.accessibilityFailuresByLevel?.AAA },
  { header: 'numberOfSeoIssuesFailed', value: (item) => item.numberOfSeoIssuesFailed },
  { header: 'numberOfPerformanceIssuesFailed', value: (item) => item.numberOfPerformanceIssuesFailed },
  { header: 'brokenLinkCount', value: (item) => item.brokenLinkCount },
  { header: 'brokenImageCount', value: (item) => item.brokenImageCount },
  { header: 'misspellings', value: (item) => item.misspellings },
  { header: 'readability.flesch', value: (item) => item.readability.flesch },
  { header: 'readability.level', value: (item) => item.readability.level },
  ...METRICS.map((name) => ({ header: `${name}.value`, value: (item: PageListItem) => item[name]?.value })),
  { header: 'views', value: (item) => item.views },
  { header: 'created', value: (item) => item.sys.version?.created },
  { header: 'modified', value: (item) => item.sys.version?.modified },
]

export function presentPageMisspelling(row: {
  count: number
  misspelling: { id: string; word: string; language: string }
}): PageMisspelling {
  return {
    sys: { id: row.misspelling.id },
    entryTitle: row.misspelling.word,
    language: row.misspelling.language,
    totalCount: row.count,
  }
}
