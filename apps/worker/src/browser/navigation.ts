import type { Page, Request, Response } from 'playwright-core'
import { withTimeout } from './shared-browser.js'

/** A meta refresh waited for when its delay is at most this: a longer one is a page meant to be read first. */
export const MAX_REFRESH_DELAY_SECONDS = 5

/** Hops a page may take by itself (meta refresh, script) before the audit gives up following it. */
export const MAX_CLIENT_HOPS = 5

/** One address the browser passed through on its way to the page it shows. */
export interface RedirectHop {
  url: string
  /** the HTTP status that address answered (3xx for an HTTP redirect, usually 200 for the others) */
  status: number
  via: 'http' | 'meta-refresh' | 'script'
}

/**
 * `<meta http-equiv="refresh" content="…">` read the way browsers read it: a delay in seconds, then an
 * optional `url=` (quoted or not). No URL means the page reloads itself, which is not a move.
 */
export function parseMetaRefresh(content: string): { seconds: number; url: string | null } | null {
  const match = /^\s*(\d+(?:\.\d*)?)\s*(?:[;,]\s*(?:url\s*=\s*)?(.*))?$/i.exec(content)
  if (!match) return null
  const seconds = Number(match[1])
  const raw = (match[2] ?? '')
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .replace(/^['"]/, '')
  return { seconds, url: raw || null }
}

const READ_META_REFRESH = `(() => {
  const meta = document.querySelector('meta[http-equiv="refresh" i]');
  return meta ? meta.getAttribute('content') || '' : null;
})()`

/**
 * Follows what the main frame does by itself: every navigation it starts (a script setting `location`, a
 * meta refresh, a form) and the document answer it ends on. The audit uses it to wait until the page has
 * settled and to notice a navigation that started while it was reading the page.
 */
export class NavigationWatch {
  /** navigations the main frame started (HTTP redirect hops of one navigation count once) */
  started = 0
  /** the main frame's document answers, in order, each with the HTTP redirects that led to it */
  readonly documents: { response: Response; httpHops: RedirectHop[] }[] = []
  /** addresses that moved on by a meta refresh, as settleNavigation saw them */
  readonly refreshed = new Set<string>()
  /** how the page left each address it left by itself, as Chromium reported the navigation's reason */
  private readonly leftBy = new Map<string, 'meta-refresh' | 'script'>()
  private pending: Promise<void> = Promise.resolve()

  private constructor(private readonly page: Page) {
    page.on('request', (request) => this.onRequest(request))
    page.on('response', (response) => this.onResponse(response))
  }

  /**
   * Watches `page`. Chromium's own account of why the main frame navigates (a meta refresh or a script)
   * comes over a CDP session that only listens: every request still goes through the page's routes.
   */
  static async attach(page: Page): Promise<NavigationWatch> {
    const watch = new NavigationWatch(page)
    const session = await page.context().newCDPSession(page)
    await session.send('Page.enable')
    const { frameTree } = await session.send('Page.getFrameTree')
    session.on('Page.frameRequestedNavigation', (event) => {
      if (event.frameId !== frameTree.frame.id) return
      const refresh = event.reason === 'metaTagRefresh' || event.reason === 'httpHeaderRefresh'
      watch.leftBy.set(page.url(), refresh ? 'meta-refresh' : 'script')
    })
    return watch
  }

  private isMainNavigation(request: Request): boolean {
    try {
      return request.isNavigationRequest() && request.frame() === this.page.mainFrame()
    } catch {
      // a service worker's request belongs to no frame
      return false
    }
  }

  private onRequest(request: Request) {
    if (!this.isMainNavigation(request) || request.redirectedFrom()) return
    this.started += 1
    this.pending = new Promise<void>((resolve) => {
      const done = () => {
        this.page.off('load', done)
        this.page.off('requestfailed', failed)
        resolve()
      }
      const failed = (other: Request) => {
        if (other === request) done()
      }
      this.page.on('load', done)
      this.page.on('requestfailed', failed)
    })
  }

  private onResponse(response: Response) {
    const request = response.request()
    if (!this.isMainNavigation(request) || (response.status() >= 300 && response.status() < 400)) return
    const httpHops: RedirectHop[] = []
    for (let hop = request.redirectedFrom(); hop; hop = hop.redirectedFrom()) {
      httpHops.unshift({ url: hop.url(), status: 0, via: 'http' })
    }
    this.documents.push({ response, httpHops })
  }

  /** The last navigation the page started has loaded or failed, or `timeoutMs` passed. */
  async settled(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      this.pending,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs)
      }),
    ])
    clearTimeout(timer)
  }

  /** Waits up to `ms` for the page to start a navigation after the `seen`-th one. */
  async startedAfter(seen: number, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms
    while (this.started === seen && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    return this.started !== seen
  }

  /** The answer of the document the page shows now (null before any). */
  get lastDocument(): Response | null {
    return this.documents.at(-1)?.response ?? null
  }

  /** Every address passed through before the one shown: HTTP hops, meta refreshes and script moves. */
  async chain(): Promise<RedirectHop[]> {
    const hops: RedirectHop[] = []
    for (const [index, document] of this.documents.entries()) {
      for (const hop of document.httpHops) hops.push({ ...hop, status: await redirectStatus(document, hop) })
      if (index === this.documents.length - 1) break
      const url = document.response.url()
      const via = this.leftBy.get(url) ?? (this.refreshed.has(url) ? 'meta-refresh' : 'script')
      hops.push({ url, status: document.response.status(), via })
    }
    return hops
  }
}

/** The 3xx status of one HTTP hop, read from the request that hop answered. */
async function redirectStatus(document: { response: Response }, hop: RedirectHop): Promise<number> {
  for (
    let request = document.response.request().redirectedFrom();
    request;
    request = request.redirectedFrom()
  ) {
    if (request.url() === hop.url) return (await request.response())?.status() ?? 0
  }
  return 0
}

/**
 * Lets a page that moves itself finish moving: waits for any navigation under way, then, when the page
 * holds a meta refresh of at most MAX_REFRESH_DELAY_SECONDS to another address, waits for it to fire and
 * load; at most MAX_CLIENT_HOPS times. Every wait is bounded by `timeoutMs` (plus the refresh's delay), so
 * a page that never settles is audited where it is.
 */
export async function settleNavigation(page: Page, watch: NavigationWatch, timeoutMs: number): Promise<void> {
  for (let hop = 0; hop < MAX_CLIENT_HOPS; hop += 1) {
    await watch.settled(timeoutMs)
    const seen = watch.started
    // The read fails when the page is navigating at that moment: then there is a new document to wait for.
    // A page whose script hangs after its load answers no evaluate: bounded like every other read.
    const content = (await withTimeout(
      page.evaluate(READ_META_REFRESH),
      timeoutMs,
      'reading the meta refresh',
    ).catch(() => null)) as string | null
    if (watch.started !== seen) continue
    const refresh = content === null ? null : parseMetaRefresh(content)
    if (!refresh?.url || refresh.seconds > MAX_REFRESH_DELAY_SECONDS) return
    const current = page.url()
    const target = URL.canParse(refresh.url, current) ? new URL(refresh.url, current) : null
    if (!target || stripHash(target.href) === stripHash(current)) return
    watch.refreshed.add(current)
    const moved = await watch.startedAfter(seen, refresh.seconds * 1000 + 1000)
    if (!moved) return
  }
}

function stripHash(url: string): string {
  const hash = url.indexOf('#')
  return hash === -1 ? url : url.slice(0, hash)
}
