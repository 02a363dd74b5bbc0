import { z } from 'zod'
import { SectionScopeQuerySchema } from './lists.js'

/**
 * Scores over time and the last scan's details. Each completed full-site or
 * section scan leaves one history point for the site and one per section; these are what the API serves.
 */

/** The y of a point that has no value (a category nobody scored, a count an older scan did not record). */
export const HISTORY_NO_DATA = -0.1

/** ?sectionId=: absent for the site's own history; a section of another site is not found (404). */
export const HistoryQuerySchema = SectionScopeQuerySchema
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>

export const HistoryChartPointSchema = z.object({
  /** when the scan finished, ISO 8601 */
  x: z.string(),
  /** 0-100 for a score series, a count for a count series; -0.1 (HISTORY_NO_DATA) when the point has none */
  y: z.number(),
  /** pages the scan counted in this site or section */
  numberOfPages: z.number().int(),
})
export type HistoryChartPoint = z.infer<typeof HistoryChartPointSchema>

const SeriesSchema = z.array(HistoryChartPointSchema)

/**
 * The spec names the fields of the metric histories ("each with issuesPassed and issuesFailed") without
 * saying whether each is the latest value or a series. Decision: every field of a *History object is a
 * series of points, oldest first, on the same x as the score series, as the inventory overview's charts
 * need ("inventoryHistory series of x,y points", one tab per count). The latest values are the last points;
 * latestScan holds the few the overview cards show on their own.
 */
export const IssueMetricHistorySchema = z.object({
  /** audits passed, summed over the scan's pages */
  issuesPassed: SeriesSchema,
  /** audits failed, summed over the scan's pages */
  issuesFailed: SeriesSchema,
})
export type IssueMetricHistory = z.infer<typeof IssueMetricHistorySchema>

export const ContentQualityMetricHistorySchema = z.object({
  /** misspelt words found, every occurrence counted */
  misspellings: SeriesSchema,
  /** distinct broken links */
  brokenLinks: SeriesSchema,
  /** mean Flesch reading ease of the pages, capped to 0-100 like the readability score */
  readability: SeriesSchema,
})
export type ContentQualityMetricHistory = z.infer<typeof ContentQualityMetricHistorySchema>

export const InventoryHistorySchema = z.object({
  /** documents of every kind (PDFs, Word, spreadsheets, PowerPoint, archives); media are counted apart */
  documentsFound: SeriesSchema,
  pdfsFound: SeriesSchema,
  pagesFound: SeriesSchema,
  /** Word documents */
  docsFound: SeriesSchema,
  archivesFound: SeriesSchema,
  spreadsheetsFound: SeriesSchema,
  powerpointsFound: SeriesSchema,
  /** images, audio and video the pages show or link to */
  mediaFound: SeriesSchema,
})
export type InventoryHistory = z.infer<typeof InventoryHistorySchema>

/** The last point's counts; null before the first completed scan. */
export const LatestScanSchema = z.object({
  /** when that scan finished, ISO 8601 */
  finished: z.string(),
  numberOfBrokenLinks: z.number().int(),
  numberOfMisspellings: z.number().int(),
  numberOfPagesWithBrokenImages: z.number().int(),
})
export type LatestScan = z.infer<typeof LatestScanSchema>

/**
 * GET /api/v1/sites/:slug/history?sectionId=. Every series holds the same points, oldest first (the latest
 * HISTORY_POINT_LIMIT of them); before the first completed scan every series is empty and latestScan null.
 */
export const HistoryResponseSchema = z.object({
  latestScan: LatestScanSchema.nullable(),
  overview: SeriesSchema,
  accessibility: SeriesSchema,
  contentQuality: SeriesSchema,
  seo: SeriesSchema,
  performance: SeriesSchema,
  accessibilityMetricHistory: IssueMetricHistorySchema,
  performanceMetricHistory: IssueMetricHistorySchema,
  seoMetricHistory: IssueMetricHistorySchema,
  contentQualityMetricHistory: ContentQualityMetricHistorySchema,
  inventoryHistory: InventoryHistorySchema,
})
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>

/** How many points a history answers at most: the latest ones (ten years of weekly scans and more). */
export const HISTORY_POINT_LIMIT = 1000

/** Which kind of scan last covered the site or section: a full-site scan or a rescan of the section alone. */
export const ScanDetailsScanTypeSchema = z.enum(['full', 'section'])
export type ScanDetailsScanType = z.infer<typeof ScanDetailsScanTypeSchema>

export const ScannedItemSchema = z.object({ count: z.number().int(), label: z.string() })
export type ScannedItem = z.infer<typeof ScannedItemSchema>

/** The labels of itemsScanned, in their order. */
export const SCANNED_ITEM_LABELS = {
  pages: 'Pages',
  pdfs: 'PDFs',
  documents: 'Documents',
  spreadsheets: 'Spreadsheets',
  powerpoints: 'PowerPoints',
  archives: 'Archives',
} as const

/**
 * GET /api/v1/sites/:slug/scan-details?sectionId= (the spec's Scan details, the overview's last-scan
 * summary). The dates and counts come from the scans that covered the site (or the section): full-site
 * scans, and for a section also its own rescans. Before the first completed scan the dates and scanType
 * are null, itemsScanned is empty and the counts are 0.
 */
export const ScanDetailsSchema = z.object({
  /** when the last completed scan finished, ISO 8601 */
  date: z.string().nullable(),
  /** when the first completed scan finished, ISO 8601 */
  firstScanned: z.string().nullable(),
  /** the next run of the site's scheduled full scan, ISO 8601; null when the site has no schedule (spelled as the spec does) */
  nextSheduledScan: z.string().nullable(),
  scanType: ScanDetailsScanTypeSchema.nullable(),
  /** what the last scan found, one entry per kind (labels SCANNED_ITEM_LABELS), zero counts included */
  itemsScanned: z.array(ScannedItemSchema),
  maximumPageLimitPerScan: z.number().int(),
  /** pages of the last scan */
  pagesScanned: z.number().int(),
  /** PDFs of the last scan */
  documentsScanned: z.number().int(),
  /** Word documents of the last scan */
  docDocumentsCount: z.number().int(),
})
export type ScanDetails = z.infer<typeof ScanDetailsSchema>
