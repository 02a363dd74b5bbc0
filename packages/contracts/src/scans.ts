import { z } from 'zod'
import { CategoryResultSchema } from './audits.js'

export const ScanStateSchema = z.enum(['queued', 'running', 'completed', 'failed'])
export type ScanState = z.infer<typeof ScanStateSchema>

export const ScanKindSchema = z.enum(['site', 'section', 'page', 'single-page'])
export type ScanKind = z.infer<typeof ScanKindSchema>

export const StartScanResponseSchema = z.object({ scanId: z.string() })

export const ScanTriggerSchema = z.enum(['schedule', 'manual'])

/**
 * Why a scan stopped taking pages before it ran out of pages to scan: the site's pages per scan
 * (maximumPageLimitPerScan) or its pages per calendar month (scanLimit). The pages it had taken are scanned
 * and kept; the ones left are neither scanned nor failures.
 */
export const ScanStopReasonSchema = z.enum(['page_limit', 'scan_limit'])
export type ScanStopReason = z.infer<typeof ScanStopReasonSchema>

/** A stop reason in words, for the people reading the scan's status. */
export const SCAN_STOP_REASON_MESSAGES: Record<ScanStopReason, string> = {
  page_limit: "The scan stopped at the site's page limit per scan; the pages beyond it were not scanned.",
  scan_limit: "The scan stopped at the site's monthly scan limit; the pages beyond it were not scanned.",
}

/** GET /api/v1/sites/:slug/scans/:scanId */
export const ScanStatusSchema = z.object({
  id: z.string(),
  /** the site's scans are numbered from 1 in the order they were queued */
  number: z.number().int().nullable(),
  kind: ScanKindSchema,
  trigger: ScanTriggerSchema,
  state: ScanStateSchema,
  /** the section of a section scan */
  sectionId: z.string().nullable(),
  /** the page of a page scan */
  individualUrl: z.string().nullable(),
  /** finished pages out of queued pages, 0-100 with two decimals */
  progress: z.number(),
  pagesDiscovered: z.number().int(),
  pagesQueued: z.number().int(),
  pagesScanned: z.number().int(),
  pagesFailed: z.number().int(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  /** set when the scan stopped at a limit (SCAN_STOP_REASON_MESSAGES), or was not run at the monthly limit */
  stopReason: ScanStopReasonSchema.nullable(),
})
export type ScanStatus = z.infer<typeof ScanStatusSchema>

/**
 * GET /api/v1/sites/:slug/scan-status: what the dashboard says about scanning: the scan under way (queued
 * or running, any kind but single-page), the last one that finished, and whether this user may start one.
 */
export const SiteScanStatusSchema = z.object({
  active: ScanStatusSchema.nullable(),
  /** queued scans of any site ahead of the active one (0: it is next or running); null without one */
  queuePosition: z.number().int().nullable(),
  lastFinished: ScanStatusSchema.nullable(),
  /** admin of the site and no full scan queued or running */
  canStartScan: z.boolean(),
})
export type SiteScanStatus = z.infer<typeof SiteScanStatusSchema>

/** The messages of starting scans, shared by the API (409 bodies) and the web app (toasts). */
export const SCAN_MESSAGES = {
  siteScanActive: 'A full scan of this site is already queued or running.',
  sectionScanActive: 'This section is already being scanned.',
  notQueued: 'The scan could not be queued. Please try again.',
  siteScanQueued: 'Scan queued',
  sectionRescanning: 'Section is re-scanning',
  pageScanQueued: 'Page queued for scanning',
  /** Scan.error of a queued scan whose job is gone or failed for good (the API and the worker's sweeper) */
  lost: 'This scan was never started: its job was lost (the queue was emptied or the job removed). Start it again.',
  /** Scan.error of a running scan the sweeper cannot resume; the job's own reason follows */
  notResumable: 'This scan stopped and could not be resumed',
  /** 409 of starting a scan, and Scan.error of a scheduled scan not run, once the month's scan limit is used */
  scanLimitReached: 'Your scan limit has been reached.',
} as const

/**
 * A scan is created, then its first job enqueued right after the commit: one queued this recently may still be
 * getting that job, so neither the API nor the worker's sweeper takes it for lost.
 */
export const FRESH_QUEUED_SCAN_MS = 5_000

/** POST /api/v1/sites/:configAlias/scans: add (or rescan) one page of the site. */
export const AddPageScanRequestSchema = z.object({
  uri: z.url({ protocol: /^https?$/, error: 'Page URL is required' }).max(2000),
  /** the page's title as the caller knows it (shown in the active scans until the page is scanned) */
  pageTitle: z.string().trim().max(500).optional(),
})

/**
 * GET /api/v1/scans: the signed-in user's active scans. A single-page scan of a
 * URL outside any site has no originalConfig, and its rootUri is the origin of the URL.
 */
export const ActiveScanSchema = z.object({
  id: z.string(),
  /** the scan's site; null for a single-page scan of a URL outside any site */
  originalConfig: z
    .object({ sys: z.object({ id: z.string(), slug: z.string() }), siteName: z.string() })
    .nullable(),
  rootUri: z.string(),
  /** pages finished (scanned or failed) */
  qaFinished: z.number().int(),
  /** pages queued so far */
  qaEnqueued: z.number().int(),
  /** 0-100, two decimals */
  progress: z.number(),
  pageCount: z.number().int(),
  /** a scan of one page: a page scan of a site, or a single-page scan */
  individualScan: z.boolean(),
  isMultiple: z.boolean(),
  isRootKey: z.boolean(),
  individualUrl: z.string().nullable(),
  individualPageTitle: z.string().nullable(),
  kind: ScanKindSchema,
  state: z.enum(['queued', 'running']),
  /** for a queued scan, the scans queued before it (1: next); null while it runs */
  queuePosition: z.number().int().nullable(),
  /** ISO 8601 */
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
})
export type ActiveScan = z.infer<typeof ActiveScanSchema>

/** POST /api/v1/scans: a single page scan of any address */
export const SinglePageScanRequestSchema = z.object({
  uri: z.url({ protocol: /^https?$/, error: 'Page URL is required' }).max(2000),
  useSocket: z.boolean().default(true),
  hash: z.string().max(200).optional(),
  config: z.string().max(200).optional(),
  version: z.string().max(50).optional(),
})
export type SinglePageScanRequest = z.infer<typeof SinglePageScanRequestSchema>

/** Document kinds by the extension of a link (the inventory's document kinds, plus media). */
export const DocumentKindSchema = z.enum(['pdf', 'doc', 'spreadsheet', 'powerpoint', 'archive', 'media'])
export type DocumentKind = z.infer<typeof DocumentKindSchema>

/** The extension of a URL's last path segment, lower case with its dot ('.pdf'); '' when it has none. */
export function extensionOf(url: string): string {
  let segment: string
  try {
    segment = new URL(url).pathname.split('/').at(-1) ?? ''
  } catch {
    return ''
  }
  try {
    segment = decodeURIComponent(segment)
  } catch {
    // keep it encoded
  }
  const dot = segment.lastIndexOf('.')
  return dot > 0 ? segment.slice(dot).toLowerCase() : ''
}

/** A link check's status as an HTTP status: 0 and the 9xx codes stand for "no answer" (invalid, refused, timed out). */
export function httpStatusOf(status: number | null | undefined): number | null {
  return typeof status === 'number' && status >= 100 && status < 600 ? status : null
}

/** A document the scanned page links to, with what the single-page scan learnt about it. */
export const InventoryDocumentSchema = z.object({
  url: z.string(),
  kind: DocumentKindSchema,
  /** the file extension, lower case with its dot ('.pdf') */
  extension: z.string(),
  /** the text of the first link to it, '' when the link has none */
  linkText: z.string(),
  /** the status the link check got; null when it got no answer */
  httpStatus: z.number().int().nullable(),
  /** the link check found it broken (4xx, 5xx, refused or invalid) */
  isBroken: z.boolean(),
})
export type InventoryDocument = z.infer<typeof InventoryDocumentSchema>

/** An e-mail address or phone number found on the page. */
export const InventoryContactSchema = z.object({
  kind: z.enum(['email', 'telephone']),
  value: z.string(),
  valid: z.boolean(),
  /** how often it occurs on the page */
  count: z.number().int(),
})
export type InventoryContact = z.infer<typeof InventoryContactSchema>

export const PageInventorySchema = z.object({
  documents: z.array(InventoryDocumentSchema),
  contacts: z.array(InventoryContactSchema),
})
export type PageInventory = z.infer<typeof PageInventorySchema>

/** A request of a page the scanner's network guard refused (blocked by the network policy): never fetched. */
export const BlockedRequestSchema = z.object({
  url: z.string(),
  /** the address and its range ('127.0.0.2 is loopback'), or why else it was refused */
  reason: z.string(),
})
export type BlockedRequest = z.infer<typeof BlockedRequestSchema>

export const SinglePageScanResultSchema = z.object({
  pageTitle: z.string(),
  /** the page audited: where the address asked for landed (redirect, meta refresh, script) */
  url: z.string(),
  /** the address asked for, when the page moved from it to `url` */
  redirectedFrom: z.string().optional(),
  accessibility: CategoryResultSchema,
  seo: CategoryResultSchema,
  performance: CategoryResultSchema,
  contentquality: CategoryResultSchema,
  /** the page's documents and contact details; results stored before it existed have none */
  inventory: PageInventorySchema.optional(),
  /** requests of the page the scanner's network guard refused (blocked by the network policy): never fetched */
  blockedRequests: z.array(BlockedRequestSchema).optional(),
})
export type SinglePageScanResult = z.infer<typeof SinglePageScanResultSchema>

export const SinglePageScanAnswerSchema = z.object({
  id: z.string(),
  success: z.boolean(),
  result: SinglePageScanResultSchema.optional(),
  message: z.string().optional(),
})
export type SinglePageScanAnswer = z.infer<typeof SinglePageScanAnswerSchema>

/** Either the finished answer at once, or an id to wait for over the socket. */
export const SinglePageScanResponseSchema = z.object({
  success: z.boolean(),
  id: z.string().optional(),
  result: SinglePageScanAnswerSchema.optional(),
})

/**
 * A stored element screenshot, as an axe node's `screenshotPath` gives it: relative to the artifacts folder,
 * scans/<scanId>/<page folder>/element-<n>.png. Nothing else is accepted, so no path can climb out.
 */
export const ELEMENT_SCREENSHOT_PATH_PATTERN =
  /^scans\/[A-Za-z0-9_-]{1,128}\/[A-Za-z0-9_-]{1,128}\/element-\d{1,4}\.png$/
export const ELEMENT_SCREENSHOT_PATH_MESSAGE = 'Not the path of an element screenshot'
const ElementScreenshotPathSchema = z
  .string({ error: ELEMENT_SCREENSHOT_PATH_MESSAGE })
  .max(400, ELEMENT_SCREENSHOT_PATH_MESSAGE)
  .regex(ELEMENT_SCREENSHOT_PATH_PATTERN, ELEMENT_SCREENSHOT_PATH_MESSAGE)

/** GET /api/v1/single-page-scan/element-screenshot/:scanId?path= */
export const ScanElementScreenshotQuerySchema = z.object({ path: ElementScreenshotPathSchema })

/** GET /api/v1/sites/:slug/element-screenshot?pageId=&path= */
export const PageElementScreenshotQuerySchema = z.object({
  pageId: z.string().min(1).max(100),
  path: ElementScreenshotPathSchema,
})

/** GET /api/v1/single-page-scan/progress/:scanId; eta in milliseconds */
export const ScanProgressSchema = z.object({
  position: z.number().int(),
  totalCount: z.number().int(),
  eta: z.number().int(),
})
export type ScanProgress = z.infer<typeof ScanProgressSchema>

/**
 * Socket events of the single page scan: the client emits waitForScan with the scan id (the spec's form), or
 * {scanId} or {id}; the API answers with one of scan-response and scan-error.
 */
const ScanIdSchema = z.string().min(1).max(100)
export const WaitForScanRequestSchema = z
  .union([ScanIdSchema, z.object({ scanId: ScanIdSchema }), z.object({ id: ScanIdSchema })])
  .transform((request) => ({
    id: typeof request === 'string' ? request : 'scanId' in request ? request.scanId : request.id,
  }))
export type WaitForScanRequest = z.input<typeof WaitForScanRequestSchema>
export const SCAN_SOCKET_EVENTS = {
  waitForScan: 'waitForScan',
  response: 'scan-response',
  error: 'scan-error',
  /** a scan moved on: sent to the scan's room and to its site's room (the header widget refreshes) */
  progress: 'scan-progress',
} as const

/** The acknowledgement of waitForScan: ok once the socket is in the scan's room. */
export const WaitForScanAckSchema = z.object({ ok: z.boolean(), error: z.string().optional() })
export type WaitForScanAck = z.infer<typeof WaitForScanAckSchema>

export const ScanErrorEventSchema = z.object({ id: z.string(), message: z.string() })
export type ScanErrorEvent = z.infer<typeof ScanErrorEventSchema>

/**
 * scan-progress: everything a client needs to update its cached scans (the active scans, the site's scan
 * status) without asking again, so relaying it costs the API no read. Sent to the scan's room, its site's
 * room, and for a single-page scan the requester's room.
 */
export const ScanProgressEventSchema = z.object({
  id: z.string(),
  siteId: z.string().nullable(),
  kind: ScanKindSchema,
  state: ScanStateSchema,
  /** finished pages out of queued pages, 0-100 with two decimals */
  progress: z.number(),
  /** pages finished (scanned or failed) and queued so far */
  qaFinished: z.number().int(),
  qaEnqueued: z.number().int(),
  /** the step a job reported last, when the event comes from a job's progress */
  stage: z.enum(['queued', 'loading', 'auditing', 'lighthouse', 'storing', 'done']).optional(),
  /** that job's own percent */
  percent: z.number().optional(),
})
export type ScanProgressEvent = z.infer<typeof ScanProgressEventSchema>

export function scanRoomName(scanId: string): string {
  return `scan:${scanId}`
}
