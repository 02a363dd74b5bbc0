import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { CategoryResult, ReadabilityLevelSlug } from '@canopy/contracts'
import { ARTIFACT_FILES } from '@canopy/db'
import type { BrowserContext, Page, Response } from 'playwright-core'
import { phoneRegionFor } from '../audits/contacts/index.js'
import { type MediaType, mediaTypeOfUrl } from '../audits/documents/index.js'
import { contentExcerpt, contentSignature } from '../audits/seo/near-duplicates.js'
import { isIndexable, runSeoChecks } from '../audits/seo/seo-checks.js'
import { NavigationWatch, type RedirectHop, settleNavigation } from '../browser/navigation.js'
import { withPageDeadline } from '../browser/page-deadline.js'
import { type SharedBrowser, withTimeout } from '../browser/shared-browser.js'
import type { ScanCookie } from '../browser/sign-in.js'
import { normalizeUrl } from '../crawl/normalize-url.js'
import {
  AddressBlockedError,
  type AddressGuard,
  BLOCKED_BY_NETWORK_POLICY,
  type BlockedRequest,
  type GuardingProxy,
  NETWORK_ERROR_HEADER,
  NETWORK_POLICY_HEADER,
  startGuardingProxy,
} from '../net/index.js'
import { buildContentQuality } from '../scoring/content-quality.js'
import {
  type AccessibilityOptions,
  accessibilityInitScripts,
  accessibilityOf,
  changePageAccessibility,
  DEFAULT_ACCESSIBILITY,
  readAccessibility,
} from './accessibility.js'
import { COLLECT_PAGE_FACTS, type PageFacts } from './collect-page-facts.js'

/** The content modules (audits/*), injected so the pipeline is testable and each module stays its own. */
export interface ContentAnalysers {
  measureReadability(
    text: string,
    language?: string | null,
  ): {
    flesch: number | null
    level: ReadabilityLevelSlug | null
    words: number
    sentences: number
    language: string | null
  }
  /** misspelled words of a text in a language (the site's dictionaries already applied) */
  findMisspellings(text: string, language: string | null): Promise<{ word: string; count: number }[]>
  /** region: where national numbers (without a country code) are read, e.g. 'GB' */
  extractContacts(input: { text: string; hrefs: string[]; region?: string }): {
    emails: { value: string; valid: boolean; count: number }[]
    telephones: { value: string; valid: boolean; count: number }[]
  }
  classifyDocumentUrl(url: string): string | null
}

/** The URL answered, but not with a page of its own: an error status, a redirect, or a file. */
export class NotAPageError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    /** where a redirect (HTTP, meta refresh or script) ended, when it did */
    readonly redirectedTo: string | null,
    /** the addresses passed through on the way, for the redirect's record */
    readonly redirectChain: RedirectHop[] = [],
  ) {
    super(message)
    this.name = 'NotAPageError'
  }
}

export interface AuditPageOptions {
  /** crawl mode: error answers, redirects and non-HTML answers throw NotAPageError before any audit */
  rejectNonPages?: boolean
  /**
   * With rejectNonPages: whether a page that ended elsewhere (HTTP redirect, meta refresh, script) is
   * audited where it landed. Without it every such landing is rejected; without rejectNonPages every
   * landing is audited.
   */
  acceptLanding?: (finalUrl: string) => Promise<boolean>
  analysers: ContentAnalysers
  /** where this page's screenshots and snapshot go; none written without it */
  artifactsDir?: string
  /** the artifacts root, so stored paths are relative to it */
  artifactsRoot?: string
  navigationTimeoutMs?: number
  evaluateTimeoutMs?: number
  /** the site's WCAG target and engines, and the engines' and checks' time limits */
  accessibility?: Partial<AccessibilityOptions>
  /** the whole load and audit, whatever its steps' own timeouts add up to (withPageDeadline) */
  deadlineMs?: number
  maxElementScreenshots?: number
  /** where a check that failed to run is reported (it is left out; the page is not failed for it) */
  onCheckError?: (check: string, error: unknown) => void
  /** the network guard every request of the page goes through, by a guarding proxy (SSRF) */
  guard: AddressGuard
  /** the scan's signed-in session: the page is loaded with these cookies (scanning behind a login) */
  cookies?: ScanCookie[]
  /** the site's own user agent; the browser's default without it */
  userAgent?: string
}

export interface PageDocument {
  url: string
  kind: string
  /** media only: from the element showing it, or the extension of a link */
  mediaType?: MediaType | null
  /** media the page loaded: bytes as it answered them (null: measured at the scan's end) */
  size?: number | null
}

export interface PageLink {
  url: string
  text: string
  kind: 'anchor' | 'image'
}

export interface PageAudit {
  url: string
  /** where the page landed (normalised): `url` itself unless it redirected or moved itself */
  finalUrl: string
  /** the addresses passed through before finalUrl; empty when the page did not move */
  redirectChain: RedirectHop[]
  httpStatus: number | null
  loadTimeMs: number
  title: string | null
  metaDescription: string | null
  language: string | null
  author: string | null
  canonicalUrl: string | null
  isIndexable: boolean
  metaTags: Record<string, string>
  headings: { level: number; text: string }[]
  accessibility: CategoryResult
  seo: CategoryResult
  /** without broken links: those are checked once per scan (finalize) or by the single-page job */
  contentQuality: CategoryResult
  readability: {
    flesch: number | null
    level: ReadabilityLevelSlug | null
    words: number
    sentences: number
    language: string | null
  }
  misspellings: { word: string; count: number }[]
  contacts: ReturnType<ContentAnalysers['extractContacts']>
  /** every distinct link and image URL, normalised */
  links: PageLink[]
  brokenImages: { url: string; reason: string }[]
  /** linked documents, and the media (images, audio, video) the page shows or links to */
  documents: PageDocument[]
  mainText: string
  contentHash: string | null
  /** MinHash signature of the main text's shingles, for near-duplicate content (empty: too short) */
  contentSignature: number[]
  contentExcerpt: string | null
  titleHash: string | null
  descriptionHash: string | null
  screenshotPath: string | null
  snapshotPath: string | null
  /** requests of the page the network guard refused: never fetched (filled in by auditPage) */
  blockedRequests: BlockedRequest[]
  /** milliseconds per step, for logs and benchmarks */
  timings: Record<string, number>
}

/** What the read of the loaded page gives; auditPage adds what its proxy refused. */
type LoadedPage = Omit<PageAudit, 'blockedRequests'>

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const normaliseForHash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase()

/** Inserts <base href> so the saved snapshot resolves its relative URLs against the page when opened offline. */
export function addBaseHref(html: string, href: string): string {
  const tag = `<base href="${href.replace(/"/g, '&quot;')}">`
  if (/<base\s[^>]*href=/i.test(html)) return html
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (match) => `${match}${tag}`)
  return `${tag}${html}`
}

/** The whole of one page's load and audit, unless the caller sets its own (SCAN_PAGE_DEADLINE_MS). */
export const DEFAULT_PAGE_DEADLINE_MS = 180_000
const CONTEXT_CLOSE_TIMEOUT_MS = 10_000

/**
 * One browser load of one page: axe (preloaded), SEO checks, main text → readability, spelling and
 * contacts, links, images, documents, a full-page screenshot and an HTML snapshot. A page that moves itself
 * (meta refresh, script setting `location`) is audited where it lands, also when it moves while being read.
 * Throws when the page cannot be loaded; the caller records that as a failed page.
 */
export async function auditPage(
  browser: SharedBrowser,
  url: string,
  options: AuditPageOptions,
): Promise<PageAudit> {
  const navigationTimeoutMs = options.navigationTimeoutMs ?? 30_000
  const evaluateTimeoutMs = options.evaluateTimeoutMs ?? Math.min(15_000, navigationTimeoutMs)
  const proxy = await startGuardingProxy(options.guard)
  const context = await browser.newContext(proxy.url, options.userAgent).catch(async (error: unknown) => {
    await proxy.close()
    throw error
  })
  try {
    return await withPageDeadline(context, options.deadlineMs ?? DEFAULT_PAGE_DEADLINE_MS, url, async () => {
      if (options.cookies?.length) await context.addCookies(options.cookies)
      const accessibility = { ...DEFAULT_ACCESSIBILITY, ...options.accessibility }
      const tab = await openAuditTab(context, { navigationTimeoutMs, evaluateTimeoutMs }, accessibility)
      const started = Date.now()
      await tab.page
        .goto(url, { waitUntil: 'load', timeout: navigationTimeoutMs })
        .catch((error: unknown) => explainNavigationFailure(error, url, proxy))
      // No network-idle wait: images delay the load event, so broken ones are known by now, and a quiet
      // window costs at least 500 ms a page.
      const loadTimeMs = Date.now() - started
      const audit = await auditWhereItLands(tab, url, loadTimeMs, {
        ...options,
        navigationTimeoutMs,
        evaluateTimeoutMs,
        accessibility,
      })
      return { ...audit, blockedRequests: proxy.blocked() }
    })
  } finally {
    // Bounded too: a wedged browser must not keep the job (and its lane) waiting on the close.
    await withTimeout(context.close(), CONTEXT_CLOSE_TIMEOUT_MS, 'closing the page').catch(() => undefined)
    await proxy.close()
  }
}

/**
 * Behind the proxy, a navigation to a site that cannot be reached or is refused fails in Chromium as a
 * tunnel error (https); the page's failure names what the proxy met instead: Chromium's own error for an
 * unreachable site, or the refusal.
 */
function explainNavigationFailure(error: unknown, url: string, proxy: GuardingProxy): never {
  if (/ERR_TUNNEL_CONNECTION_FAILED/.test(String(error))) {
    const networkError = proxy.networkErrorOf(url)
    if (networkError) throw new Error(`net::${networkError} at ${url}`)
    const refused = proxy.blocked().at(-1)
    if (refused) throw new AddressBlockedError(refused.url, null, refused.reason)
  }
  throw error
}

interface AuditTab {
  page: Page
  watch: NavigationWatch
  /** images that failed to load, by URL: the reason */
  failedImages: Map<string, string>
  /** images, audio and video the page loaded uncompressed, by normalised URL: their Content-Length */
  mediaSizes: Map<string, number>
}

const MEDIA_RESOURCE_TYPES = new Set(['image', 'media'])

/**
 * The size of a media file the page loaded, from its answer: its Content-Length when the body came as the
 * file is (no Content-Encoding, not a partial 206); null otherwise, and the file is measured at the scan's end.
 */
function loadedSize(response: Response): number | null {
  const headers = response.headers()
  if (response.status() !== 200 || headers['content-encoding']) return null
  const length = Number(headers['content-length'])
  return Number.isSafeInteger(length) && length > 0 ? length : null
}

type ResolvedOptions = AuditPageOptions & {
  navigationTimeoutMs: number
  evaluateTimeoutMs: number
  accessibility: AccessibilityOptions
}

/** A page in a fresh context, the engines preloaded, failed images and the sizes of loaded media noted. */
async function openAuditTab(
  context: BrowserContext,
  timeouts: { navigationTimeoutMs: number; evaluateTimeoutMs: number },
  accessibility: AccessibilityOptions,
): Promise<AuditTab> {
  const page = await context.newPage()
  page.setDefaultTimeout(timeouts.evaluateTimeoutMs)
  page.setDefaultNavigationTimeout(timeouts.navigationTimeoutMs)
  for (const script of accessibilityInitScripts(accessibility.engines))
    await page.addInitScript({ content: script })
  const watch = await NavigationWatch.attach(page)
  const failedImages = new Map<string, string>()
  const mediaSizes = new Map<string, number>()
  page.on('response', (response: Response) => {
    const size = MEDIA_RESOURCE_TYPES.has(response.request().resourceType()) ? loadedSize(response) : null
    if (size !== null) mediaSizes.set(normalizeUrl(response.url()) ?? response.url(), size)
    if (response.request().resourceType() === 'image' && response.status() >= 400) {
      // The proxy's refusal is not the site's answer: the image is missing because the guard refused it.
      const refused = response.headers()[NETWORK_POLICY_HEADER] !== undefined
      failedImages.set(response.url(), refused ? BLOCKED_BY_NETWORK_POLICY : `HTTP ${response.status()}`)
    }
  })
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'image')
      failedImages.set(request.url(), request.failure()?.errorText ?? 'failed')
  })
  return { page, watch, failedImages, mediaSizes }
}

/** What the page shows once it has settled: where it is and the answer its document came with. */
interface LandedPage {
  finalUrl: string
  httpStatus: number | null
  headers: Record<string, string>
  redirectChain: RedirectHop[]
  loadTimeMs: number
}

/** Reads of a page that started moving while being read are redone where it lands, at most this often. */
const MAX_AUDIT_RESTARTS = 3

/**
 * Settles the page, checks its answer, then reads it. A navigation that starts during the read (a script or
 * a late refresh; "Execution context was destroyed" for whatever was evaluating) sends it back to settling
 * and reading where the page went, so the audit describes the page the visitor ends up on.
 */
async function auditWhereItLands(
  tab: AuditTab,
  url: string,
  loadTimeMs: number,
  options: ResolvedOptions,
): Promise<LoadedPage> {
  for (let restart = 0; ; restart += 1) {
    await settleNavigation(tab.page, tab.watch, options.navigationTimeoutMs)
    const navigations = tab.watch.started
    const landed = await describeLanding(tab, loadTimeMs)
    assertLandingReached(landed)
    await checkPageAnswer(url, landed, options)
    try {
      const audit = await readLoadedPage(tab, url, landed, options)
      if (tab.watch.started === navigations) return audit
    } catch (error) {
      if (tab.watch.started === navigations || restart >= MAX_AUDIT_RESTARTS) throw error
    }
    if (restart >= MAX_AUDIT_RESTARTS)
      throw new Error(`the page kept navigating away (last at ${tab.page.url()})`)
  }
}

async function describeLanding(tab: AuditTab, loadTimeMs: number): Promise<LandedPage> {
  const document = tab.watch.lastDocument
  return {
    finalUrl: normalizeUrl(tab.page.url()) ?? tab.page.url(),
    httpStatus: document?.status() ?? null,
    headers: document ? await document.allHeaders().catch(() => ({})) : {},
    redirectChain: await tab.watch.chain(),
    loadTimeMs,
  }
}

/**
 * The proxy checks every request, redirect hops included, but for plain HTTP its refusal (403) or its failure
 * to reach the site (502) is an answer the page would show: a page that landed on one fails with what the
 * proxy met, before anything of it is read or stored.
 */
function assertLandingReached(landed: LandedPage): void {
  const networkError = landed.headers[NETWORK_ERROR_HEADER]
  if (networkError) throw new Error(`net::${networkError} at ${landed.finalUrl}`)
  const refusal = landed.headers[NETWORK_POLICY_HEADER]
  if (refusal) throw new AddressBlockedError(landed.finalUrl, null, refusal)
}

/** Crawl mode's refusals (error answer, an unwanted landing) and, always, a non-HTML answer. */
async function checkPageAnswer(url: string, landed: LandedPage, options: AuditPageOptions): Promise<void> {
  const { httpStatus, finalUrl, redirectChain } = landed
  const moved = finalUrl !== normalizeUrl(url)
  if (options.rejectNonPages) {
    if (httpStatus !== null && httpStatus >= 400)
      throw new NotAPageError(`HTTP ${httpStatus}`, httpStatus, null, redirectChain)
    if (moved && !(options.acceptLanding && (await options.acceptLanding(finalUrl))))
      throw new NotAPageError(`redirected to ${finalUrl}`, httpStatus, finalUrl, redirectChain)
  }
  const contentType = landed.headers['content-type'] ?? ''
  if (contentType && !/html|xml/i.test(contentType)) {
    throw new NotAPageError(`not an HTML page (${contentType})`, httpStatus, null, redirectChain)
  }
}

/** The audit of the page as it is now: facts, axe with element screenshots, SEO, content, artifacts. */
async function readLoadedPage(
  tab: AuditTab,
  url: string,
  landed: LandedPage,
  options: ResolvedOptions,
): Promise<LoadedPage> {
  const { page } = tab
  const timings: Record<string, number> = { load: landed.loadTimeMs }
  let mark = Date.now()
  const lap = (step: string) => {
    const now = Date.now()
    timings[step] = now - mark
    mark = now
  }
  const facts = (await withTimeout(
    page.evaluate(COLLECT_PAGE_FACTS),
    options.evaluateTimeoutMs,
    'reading the page',
  )) as PageFacts
  const logCheck = options.onCheckError ?? (() => undefined)
  const findings = await readAccessibility(page, options.accessibility, lap, logCheck)
  const xRobotsTag = landed.headers['x-robots-tag'] ?? null
  const seo = runSeoChecks({
    url: landed.finalUrl,
    httpStatus: landed.httpStatus,
    xRobotsTag,
    title: facts.title,
    metaDescription: facts.metaDescription,
    metaRobots: facts.metaRobots,
    canonical: facts.canonical,
    lang: facts.lang,
    headings: facts.headings,
  })
  const content = await analyseContent(facts, landed.finalUrl, tab, options.analysers)
  lap('content')
  const artifacts = await saveArtifacts(page, landed.finalUrl, options, lap)
  findings.push(...(await changePageAccessibility(page, options.accessibility, lap, logCheck)))
  const accessibility = await accessibilityOf(page, findings, options.accessibility.target, options)
  lap('elementScreenshots')
  return {
    url,
    finalUrl: landed.finalUrl,
    redirectChain: landed.redirectChain,
    httpStatus: landed.httpStatus,
    loadTimeMs: landed.loadTimeMs,
    title: facts.title,
    metaDescription: facts.metaDescription,
    language: facts.lang ?? content.readability.language,
    author: facts.author,
    canonicalUrl: facts.canonical,
    isIndexable: isIndexable({ httpStatus: landed.httpStatus, metaRobots: facts.metaRobots, xRobotsTag }),
    metaTags: facts.metaTags,
    headings: facts.headings,
    accessibility,
    seo,
    ...content,
    ...duplicateKeysOf(facts, content.mainText),
    ...artifacts,
    timings,
  }
}

/** What finalize compares pages by: hashes of the title, description and main text, and the text's signature. */
function duplicateKeysOf(facts: Pick<PageFacts, 'title' | 'metaDescription'>, mainText: string) {
  return {
    contentHash: hashOf(mainText, 50),
    contentSignature: contentSignature(mainText),
    contentExcerpt: contentExcerpt(mainText),
    titleHash: facts.title?.trim() ? sha256(normaliseForHash(facts.title)) : null,
    descriptionHash: facts.metaDescription?.trim() ? sha256(normaliseForHash(facts.metaDescription)) : null,
  }
}

/** A text's hash for duplicate detection, or null when it is shorter than `minLength` once normalised. */
function hashOf(text: string, minLength: number): string | null {
  const normalised = normaliseForHash(text)
  return normalised.length >= minLength ? sha256(normalised) : null
}

type ContentFindings = Pick<
  PageAudit,
  | 'contentQuality'
  | 'readability'
  | 'misspellings'
  | 'contacts'
  | 'links'
  | 'brokenImages'
  | 'documents'
  | 'mainText'
>

/** Readability, spelling, contacts, links, documents and broken images of the page's text and markup. */
async function analyseContent(
  facts: PageFacts,
  pageUrl: string,
  { failedImages, mediaSizes }: Pick<AuditTab, 'failedImages' | 'mediaSizes'>,
  analysers: ContentAnalysers,
): Promise<ContentFindings> {
  const text = facts.mainText || facts.bodyText
  const readability = analysers.measureReadability(text, facts.lang)
  const misspellings = await analysers.findMisspellings(text, readability.language)
  const contacts = analysers.extractContacts({
    text: facts.bodyText,
    hrefs: facts.links.map((link) => link.href),
    region: phoneRegionFor({ lang: facts.lang, url: pageUrl }),
  })
  const { links, documents } = collectLinks(facts, analysers, mediaSizes)
  const brokenImages = findBrokenImages(facts, failedImages)
  const contentQuality = buildContentQuality({
    flesch: readability.flesch,
    brokenLinks: null,
    brokenImages,
    misspellings,
    invalidContacts: [
      ...contacts.emails
        .filter((item) => !item.valid)
        .map((item) => ({ kind: 'email' as const, value: item.value })),
      ...contacts.telephones
        .filter((item) => !item.valid)
        .map((item) => ({ kind: 'telephone' as const, value: item.value })),
    ],
  })
  return {
    contentQuality,
    readability,
    misspellings,
    contacts,
    links,
    brokenImages,
    documents,
    mainText: text,
  }
}

/** Every distinct link and image URL (normalised), the documents among the links, and the page's media. */
function collectLinks(
  facts: PageFacts,
  analysers: ContentAnalysers,
  mediaSizes: Map<string, number>,
): { links: PageLink[]; documents: PageDocument[] } {
  const links = new Map<string, PageLink>()
  const documents = new Map<string, PageDocument>()
  for (const link of facts.links) {
    // A web link the URL parser refuses (a bad host) is still a link: kept as written, checked as invalid.
    const normalised = normalizeUrl(link.href) ?? (/^https?:\/\//i.test(link.href) ? link.href : null)
    if (!normalised) continue
    if (!links.has(`anchor ${normalised}`))
      links.set(`anchor ${normalised}`, { url: normalised, text: link.text, kind: 'anchor' })
    const kind = analysers.classifyDocumentUrl(normalised)
    if (kind) {
      const mediaType = kind === 'media' ? mediaTypeOfUrl(normalised) : undefined
      documents.set(normalised, { url: normalised, kind, ...(mediaType !== undefined ? { mediaType } : {}) })
    }
  }
  for (const image of facts.images) {
    const normalised = image.src ? normalizeUrl(image.src) : null
    if (normalised && !links.has(`image ${normalised}`))
      links.set(`image ${normalised}`, { url: normalised, text: image.alt ?? '', kind: 'image' })
  }
  for (const media of collectMedia(facts, mediaSizes))
    if (!documents.has(media.url)) documents.set(media.url, media)
  return { links: [...links.values()], documents: [...documents.values()] }
}

/**
 * The media the page shows: its images and the sources of its audio and video elements (normalised web
 * URLs; inline data: images are part of the page, not files of the inventory).
 */
function collectMedia(facts: PageFacts, sizes: Map<string, number>): PageDocument[] {
  const shown = [
    ...facts.images.map((image) => ({ src: image.src, type: 'image' as const })),
    ...(facts.media ?? []),
  ]
  return shown.flatMap(({ src, type }) => {
    const normalised = src && /^https?:/i.test(src) ? normalizeUrl(src) : null
    return normalised
      ? [{ url: normalised, kind: 'media', mediaType: type, size: sizes.get(normalised) ?? null }]
      : []
  })
}

/** Images that answered an error, failed to load, or loaded but did not decode. */
function findBrokenImages(
  facts: PageFacts,
  failedImages: Map<string, string>,
): { url: string; reason: string }[] {
  const broken = new Map<string, string>()
  for (const image of facts.images) {
    if (!image.src) continue
    const failure = failedImages.get(image.src)
    if (failure) broken.set(image.src, failure)
    else if (image.complete && image.naturalWidth === 0 && !image.src.startsWith('data:'))
      broken.set(image.src, 'did not decode')
  }
  return [...broken].map(([imageUrl, reason]) => ({ url: imageUrl, reason }))
}

/** The full-page screenshot and the HTML snapshot, when the caller gave an artifacts folder. */
async function saveArtifacts(
  page: Page,
  finalUrl: string,
  options: ResolvedOptions,
  lap: (step: string) => void,
): Promise<{ screenshotPath: string | null; snapshotPath: string | null }> {
  if (!options.artifactsDir) return { screenshotPath: null, snapshotPath: null }
  await mkdir(options.artifactsDir, { recursive: true })
  const relative = (file: string) =>
    options.artifactsRoot ? path.relative(options.artifactsRoot, file) : file
  const screenshotFile = path.join(options.artifactsDir, ARTIFACT_FILES.fullPageScreenshot)
  const saved = await page
    .screenshot({ path: screenshotFile, fullPage: true, timeout: options.evaluateTimeoutMs })
    .then(() => true)
    .catch(() => false)
  lap('screenshot')
  const snapshotFile = path.join(options.artifactsDir, ARTIFACT_FILES.htmlSnapshot)
  const html = await withTimeout(page.content(), options.evaluateTimeoutMs, 'page content')
  await writeFile(snapshotFile, addBaseHref(html, finalUrl))
  lap('snapshot')
  return { screenshotPath: saved ? relative(screenshotFile) : null, snapshotPath: relative(snapshotFile) }
}
