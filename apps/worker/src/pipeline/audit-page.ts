import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { CategoryResult, ReadabilityLevelSlug } from '@canopy/contracts'
import { ARTIFACT_FILES } from '@canopy/db'
import type { Page, Response } from 'playwright-core'
import {
  AXE_SOURCE,
  AXE_TAGS,
  type AxeResults,
  type FailingNode,
  failingNodesOf,
  mapAxeResults,
} from '../audits/axe/axe.js'
import { isIndexable, runSeoChecks } from '../audits/seo/seo-checks.js'
import { type SharedBrowser, withTimeout } from '../browser/shared-browser.js'
import { normalizeUrl } from '../crawl/normalize-url.js'
import { buildContentQuality } from '../scoring/content-quality.js'
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
  extractContacts(input: { text: string; hrefs: string[] }): {
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
    /** where a redirect ended, when it did */
    readonly redirectedTo: string | null,
  ) {
    super(message)
    this.name = 'NotAPageError'
  }
}

export interface AuditPageOptions {
  /** crawl mode: error answers, redirects and non-HTML answers throw NotAPageError before any audit */
  rejectNonPages?: boolean
  analysers: ContentAnalysers
  /** where this page's screenshots and snapshot go; none written without it */
  artifactsDir?: string
  /** the artifacts root, so stored paths are relative to it */
  artifactsRoot?: string
  navigationTimeoutMs?: number
  evaluateTimeoutMs?: number
  axeTimeoutMs?: number
  maxElementScreenshots?: number
  /** the guard's check of each URL the browser requests (SSRF: redirects and subresources included) */
  assertAllowed?: (url: string) => Promise<void>
}

export interface PageLink {
  url: string
  text: string
  kind: 'anchor' | 'image'
}

export interface PageAudit {
  url: string
  finalUrl: string
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
  documents: { url: string; kind: string }[]
  mainText: string
  contentHash: string | null
  titleHash: string | null
  descriptionHash: string | null
  screenshotPath: string | null
  snapshotPath: string | null
  /** milliseconds per step, for logs and benchmarks */
  timings: Record<string, number>
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const normaliseForHash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase()

/** Inserts <base href> so the saved snapshot resolves its relative URLs against the page when opened offline. */
export function addBaseHref(html: string, href: string): string {
  const tag = `<base href="${href.replace(/"/g, '&quot;')}">`
  if (/<base\s[^>]*href=/i.test(html)) return html
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (match) => `${match}${tag}`)
  return `${tag}${html}`
}

/**
 * One browser load of one page: axe (preloaded), SEO checks, main text → readability, spelling and
 * contacts, links, images, documents, a full-page screenshot and an HTML snapshot. Throws when the page
 * cannot be loaded; the caller records that as a failed page.
 */
export async function auditPage(
  browser: SharedBrowser,
  url: string,
  options: AuditPageOptions,
): Promise<PageAudit> {
  const navigationTimeoutMs = options.navigationTimeoutMs ?? 30_000
  const evaluateTimeoutMs = options.evaluateTimeoutMs ?? Math.min(15_000, navigationTimeoutMs)
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    page.setDefaultTimeout(evaluateTimeoutMs)
    page.setDefaultNavigationTimeout(navigationTimeoutMs)
    await page.addInitScript({ content: AXE_SOURCE })

    const failedImages = new Map<string, string>()
    if (options.assertAllowed) {
      const assertAllowed = options.assertAllowed
      await page.route('**/*', async (route) => {
        try {
          await assertAllowed(route.request().url())
          await route.continue()
        } catch {
          await route.abort('blockedbyclient')
        }
      })
    }
    page.on('response', (response: Response) => {
      if (response.request().resourceType() === 'image' && response.status() >= 400) {
        failedImages.set(response.url(), `HTTP ${response.status()}`)
      }
    })
    page.on('requestfailed', (request) => {
      if (request.resourceType() === 'image')
        failedImages.set(request.url(), request.failure()?.errorText ?? 'failed')
    })

    const started = Date.now()
    const timings: Record<string, number> = {}
    let mark = started
    const lap = (step: string) => {
      const now = Date.now()
      timings[step] = now - mark
      mark = now
    }
    const response = await page.goto(url, { waitUntil: 'load', timeout: navigationTimeoutMs })
    // No network-idle wait: images delay the load event, so broken ones are known by now, and a quiet
    // window costs at least 500 ms a page.
    const loadTimeMs = Date.now() - started
    lap('load')
    const httpStatus = response?.status() ?? null
    const headers = response ? await response.allHeaders() : {}
    const contentType = headers['content-type'] ?? ''
    const finalUrl = page.url()
    if (options.rejectNonPages) {
      if (httpStatus !== null && httpStatus >= 400)
        throw new NotAPageError(`HTTP ${httpStatus}`, httpStatus, null)
      const landed = normalizeUrl(finalUrl)
      if (landed && landed !== normalizeUrl(url))
        throw new NotAPageError(`redirected to ${landed}`, httpStatus, landed)
    }
    if (contentType && !/html|xml/i.test(contentType)) {
      throw new NotAPageError(`not an HTML page (${contentType})`, httpStatus, null)
    }

    const facts = (await withTimeout(
      page.evaluate(COLLECT_PAGE_FACTS),
      evaluateTimeoutMs,
      'reading the page',
    )) as PageFacts
    const axeResults = (await withTimeout(
      page.evaluate(
        `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} }, resultTypes: ['violations', 'incomplete'] })`,
      ),
      options.axeTimeoutMs ?? 60_000,
      'axe',
    )) as AxeResults
    lap('axe')
    const nodesByRule = await screenshotFailingNodes(page, axeResults, options)
    lap('elementScreenshots')
    const accessibility = mapAxeResults(axeResults, nodesByRule)

    const seo = runSeoChecks({
      url: finalUrl,
      httpStatus,
      xRobotsTag: headers['x-robots-tag'] ?? null,
      title: facts.title,
      metaDescription: facts.metaDescription,
      metaRobots: facts.metaRobots,
      canonical: facts.canonical,
      lang: facts.lang,
      headings: facts.headings,
    })

    const text = facts.mainText || facts.bodyText
    const readability = options.analysers.measureReadability(text, facts.lang)
    const misspellings = await options.analysers.findMisspellings(text, readability.language)
    const hrefs = facts.links.map((link) => link.href)
    const contacts = options.analysers.extractContacts({ text: facts.bodyText, hrefs })

    const links = new Map<string, PageLink>()
    const documents = new Map<string, string>()
    for (const link of facts.links) {
      // A web link the URL parser refuses (a bad host) is still a link: kept as written, checked as invalid.
      const normalised = normalizeUrl(link.href) ?? (/^https?:\/\//i.test(link.href) ? link.href : null)
      if (!normalised) continue
      if (!links.has(`anchor ${normalised}`))
        links.set(`anchor ${normalised}`, { url: normalised, text: link.text, kind: 'anchor' })
      const kind = options.analysers.classifyDocumentUrl(normalised)
      if (kind) documents.set(normalised, kind)
    }
    const brokenImages = new Map<string, string>()
    for (const image of facts.images) {
      if (!image.src) continue
      const normalised = normalizeUrl(image.src)
      if (normalised && !links.has(`image ${normalised}`))
        links.set(`image ${normalised}`, { url: normalised, text: image.alt ?? '', kind: 'image' })
      const failure = failedImages.get(image.src)
      if (failure) brokenImages.set(image.src, failure)
      else if (image.complete && image.naturalWidth === 0 && !image.src.startsWith('data:'))
        brokenImages.set(image.src, 'did not decode')
    }
    const brokenImageList = [...brokenImages].map(([imageUrl, reason]) => ({ url: imageUrl, reason }))

    const contentQuality = buildContentQuality({
      flesch: readability.flesch,
      brokenLinks: null,
      brokenImages: brokenImageList,
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

    lap('content')
    let screenshotPath: string | null = null
    let snapshotPath: string | null = null
    if (options.artifactsDir) {
      await mkdir(options.artifactsDir, { recursive: true })
      const relative = (file: string) =>
        options.artifactsRoot ? path.relative(options.artifactsRoot, file) : file
      const screenshotFile = path.join(options.artifactsDir, ARTIFACT_FILES.fullPageScreenshot)
      const saved = await page
        .screenshot({ path: screenshotFile, fullPage: true, timeout: evaluateTimeoutMs })
        .then(() => true)
        .catch(() => false)
      if (saved) screenshotPath = relative(screenshotFile)
      lap('screenshot')
      const snapshotFile = path.join(options.artifactsDir, ARTIFACT_FILES.htmlSnapshot)
      await writeFile(
        snapshotFile,
        addBaseHref(await withTimeout(page.content(), evaluateTimeoutMs, 'page content'), finalUrl),
      )
      snapshotPath = relative(snapshotFile)
      lap('snapshot')
    }

    const mainText = text
    return {
      url,
      finalUrl,
      httpStatus,
      loadTimeMs,
      title: facts.title,
      metaDescription: facts.metaDescription,
      language: facts.lang ?? readability.language,
      author: facts.author,
      canonicalUrl: facts.canonical,
      isIndexable: isIndexable({
        httpStatus,
        metaRobots: facts.metaRobots,
        xRobotsTag: headers['x-robots-tag'] ?? null,
      }),
      metaTags: facts.metaTags,
      headings: facts.headings,
      accessibility,
      seo,
      contentQuality,
      readability,
      misspellings,
      contacts,
      links: [...links.values()],
      brokenImages: brokenImageList,
      documents: [...documents].map(([documentUrl, kind]) => ({ url: documentUrl, kind })),
      mainText,
      contentHash: normaliseForHash(mainText).length >= 50 ? sha256(normaliseForHash(mainText)) : null,
      titleHash: facts.title?.trim() ? sha256(normaliseForHash(facts.title)) : null,
      descriptionHash: facts.metaDescription?.trim() ? sha256(normaliseForHash(facts.metaDescription)) : null,
      screenshotPath,
      snapshotPath,
      timings,
    }
  } finally {
    await context.close().catch(() => undefined)
  }
}

/** Element screenshots of failing nodes, a few per rule, each with its own timeout; a miss is not an error. */
async function screenshotFailingNodes(
  page: Page,
  results: AxeResults,
  options: AuditPageOptions,
): Promise<Map<string, FailingNode[]>> {
  const byRule = new Map<string, FailingNode[]>()
  let budget = options.artifactsDir ? (options.maxElementScreenshots ?? 20) : 0
  let index = 0
  for (const rule of [...results.violations, ...results.incomplete]) {
    const nodes = failingNodesOf(rule)
    byRule.set(rule.id, nodes)
    for (const node of nodes.slice(0, 3)) {
      if (budget <= 0 || !options.artifactsDir || !node.selector) break
      budget--
      const file = path.join(options.artifactsDir, ARTIFACT_FILES.elementScreenshot(index++))
      try {
        await mkdir(options.artifactsDir, { recursive: true })
        const element = page.locator(node.selector).first()
        // Hidden elements would make screenshot() wait for its whole timeout.
        if (!(await element.isVisible({ timeout: 500 }).catch(() => false))) continue
        await element.screenshot({ path: file, timeout: 1_000 })
        node.screenshotPath = options.artifactsRoot ? path.relative(options.artifactsRoot, file) : file
      } catch {
        // Hidden or zero-size elements cannot be photographed; the selector and snippet remain.
      }
    }
  }
  return byRule
}
