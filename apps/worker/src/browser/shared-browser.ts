import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { CHROMIUM_FLAGS } from './chromium-flags.js'

export interface SharedBrowserOptions {
  executablePath?: string
  userAgent?: string
}

export const DEFAULT_USER_AGENT = 'CanopyBot/1.0 (+https://github.com/canopy)'

/**
 * One Chromium per worker process (a browser costs ~0.5 GB; a context per page is cheap and isolates
 * cookies and storage). When the browser dies (crash, OOM kill) the next caller launches a new one.
 */
export class SharedBrowser {
  private browser: Browser | null = null
  private launching: Promise<Browser> | null = null
  private closed = false
  readonly userAgent: string
  private readonly executablePath: string

  constructor(options: SharedBrowserOptions = {}) {
    this.executablePath = options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium'
    this.userAgent = options.userAgent ?? process.env.SCAN_USER_AGENT ?? DEFAULT_USER_AGENT
  }

  async get(): Promise<Browser> {
    if (this.closed) throw new Error('browser closed')
    if (this.browser?.isConnected()) return this.browser
    this.launching ??= this.launch().finally(() => {
      this.launching = null
    })
    return this.launching
  }

  /**
   * A fresh context for one page: its own cookies, our user agent (or the site's own), a desktop viewport, and
   * every request through the given proxy (the network guard's), loopback included (Playwright sets `<-loopback>`).
   */
  async newContext(proxyUrl: string, userAgent?: string): Promise<BrowserContext> {
    const browser = await this.get()
    return browser.newContext({
      userAgent: userAgent ?? this.userAgent,
      viewport: { width: 1280, height: 900 },
      ignoreHTTPSErrors: false,
      serviceWorkers: 'block',
      proxy: { server: proxyUrl },
    })
  }

  private async launch(): Promise<Browser> {
    // playwright-core's launch gives Chromium a fresh temporary profile of its own and removes it on close.
    const browser = await chromium.launch({
      executablePath: this.executablePath,
      headless: true,
      args: CHROMIUM_FLAGS,
      timeout: 30_000,
    })
    browser.on('disconnected', () => {
      if (this.browser === browser) this.browser = null
    })
    this.browser = browser
    return browser
  }

  async close(): Promise<void> {
    this.closed = true
    const browser = this.browser ?? (await this.launching?.catch(() => null))
    this.browser = null
    await browser?.close().catch(() => undefined)
  }
}

/** Rejects after `ms`: every evaluate in a page gets one, so a page that hangs its main thread cannot hang a job. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}
