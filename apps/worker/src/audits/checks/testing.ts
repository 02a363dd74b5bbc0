import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { CHROMIUM_FLAGS } from '../../browser/chromium-flags.js'
import { ELEMENT_KEYS_SOURCE } from '../engines/element-keys.js'
import type { Finding } from '../engines/finding.js'
import type { CheckNaming } from './keyboard-layout-support.js'
import { layoutPassCheck } from './layout-pass.js'
import type { PageCheckContext } from './page-check.js'

/**
 * Test support for the accessibility checks: real Chromium, pages served over HTTP from loopback (a check may
 * depend on a real load: meta refresh, media, fonts), element keys installed as the scanner installs them.
 */
export interface CheckBrowser {
  /** loads `html` (served at /, with `files` beside it at their paths) in a fresh context of 1280x900 */
  open(html: string, files?: Record<string, { body: string | Buffer; type: string }>): Promise<Page>
  close(): Promise<void>
}

/** The findings of one step of the layout pass (text spacing, zoom or reflow), which runs them together. */
export async function layoutStepFindings(
  step: CheckNaming,
  page: Page,
  context: PageCheckContext,
): Promise<Finding[]> {
  return (await layoutPassCheck.run(page, context)).filter((finding) => finding.ruleId === step.id)
}

/** A test file's check browser: started before its tests, closed after them. */
export function useCheckBrowser(): Pick<CheckBrowser, 'open'> {
  let browser: CheckBrowser | undefined
  beforeAll(async () => {
    browser = await startCheckBrowser()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
  })
  return {
    open(html, files) {
      if (!browser) throw new Error('the check browser is not started yet')
      return browser.open(html, files)
    },
  }
}

export async function startCheckBrowser(): Promise<CheckBrowser> {
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  })
  const servers: Server[] = []
  return {
    async open(html, files = {}) {
      const server = await serve({ '/': { body: html, type: 'text/html; charset=utf-8' }, ...files })
      servers.push(server)
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      await page.addInitScript({ content: ELEMENT_KEYS_SOURCE })
      const { port } = server.address() as AddressInfo
      await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' })
      return page
    },
    async close() {
      await browser.close()
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
    },
  }
}

function serve(files: Record<string, { body: string | Buffer; type: string }>): Promise<Server> {
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname]
    if (!file) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': file.type }).end(file.body)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}
