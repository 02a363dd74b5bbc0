/**
 * Times Canopy's keyboard and layout checks (apps/worker/src/audits/checks/keyboard-layout.ts) on the
 * fixture site: every page that loads, in real Chromium at 1280x900 with element keys installed as the
 * scanner installs them, each check run in list order on the loaded page. Prints per check the median and
 * largest time per page and what it found, the whole list's time per page, and every finding on the pages
 * the fixture site keeps clean (each one is a real barrier or a false alarm to look at). On a busy machine
 * every round trip to the page slows down: the median of an empty page.evaluate is printed beside the
 * figures, to read them by (about 0.3 ms on an idle machine).
 *
 *   pnpm exec tsx bench/keyboard-layout-checks.ts
 */
import { cpus, loadavg } from 'node:os'
import { chromium } from 'playwright-core'
import { KEYBOARD_LAYOUT_CHECKS } from '../apps/worker/src/audits/checks/keyboard-layout.js'
import { ELEMENT_KEYS_SOURCE } from '../apps/worker/src/audits/engines/element-keys.js'
import type { Finding } from '../apps/worker/src/audits/engines/finding.js'
import { CHROMIUM_FLAGS } from '../apps/worker/src/browser/chromium-flags.js'
import { CLEAN_PAGES, FAILING_PAGES, SCANNED_PAGES } from '../tests/fixtures/site/planted.js'
import { startFixtureSite } from '../tests/fixtures/site/server.js'

const VIEWPORT = { width: 1280, height: 900 }
const TIMEOUT_MS = 5_000

interface PageRun {
  path: string
  /** the median time of an empty page.evaluate on this page, before the checks */
  roundTrip: number
  times: Record<string, number>
  findings: Finding[]
}

async function runPage(
  browser: import('playwright-core').Browser,
  url: string,
  path: string,
): Promise<PageRun> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  const page = await context.newPage()
  await page.addInitScript({ content: ELEMENT_KEYS_SOURCE })
  await page.goto(new URL(path, url).href, { waitUntil: 'load' })
  const trips: number[] = []
  for (let n = 0; n < 9; n++) {
    const started = performance.now()
    await page.evaluate(() => 0)
    trips.push(performance.now() - started)
  }
  const times: Record<string, number> = {}
  const findings: Finding[] = []
  for (const check of KEYBOARD_LAYOUT_CHECKS) {
    const started = performance.now()
    findings.push(...(await check.run(page, { viewport: VIEWPORT, timeoutMs: TIMEOUT_MS })))
    times[check.id] = performance.now() - started
  }
  await context.close()
  return { path, roundTrip: median(trips), times, findings }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

function printTimes(runs: PageRun[]): void {
  console.info('check                     median ms  max ms  failed  review')
  for (const check of KEYBOARD_LAYOUT_CHECKS) {
    const times = runs.map((run) => run.times[check.id] ?? 0)
    const mine = runs.flatMap((run) => run.findings.filter((finding) => finding.ruleId === check.id))
    const count = (outcome: string) => mine.filter((finding) => finding.outcome === outcome).length
    console.info(
      `${check.id.padEnd(26)}${median(times).toFixed(0).padStart(9)}${Math.max(...times)
        .toFixed(0)
        .padStart(8)}` + `${String(count('failed')).padStart(8)}${String(count('review')).padStart(8)}`,
    )
  }
  const totals = runs.map((run) => Object.values(run.times).reduce((sum, ms) => sum + ms, 0))
  console.info(
    `all checks per page: median ${median(totals).toFixed(0)} ms, max ${Math.max(...totals).toFixed(0)} ms`,
  )
  const trip = median(runs.map((run) => run.roundTrip))
  console.info(`empty page.evaluate: median ${trip.toFixed(2)} ms; load average ${loadavg()[0]?.toFixed(1)}`)
}

function printCleanPageFindings(runs: PageRun[]): void {
  const clean = new Set<string>(CLEAN_PAGES)
  for (const run of runs.filter((r) => clean.has(r.path))) {
    for (const finding of run.findings.filter((f) => f.outcome !== 'passed')) {
      console.info(
        `${run.path}  ${finding.ruleId} ${finding.outcome} ${finding.criteria.join(',')} ${finding.element?.selector}: ${finding.message}`,
      )
    }
  }
}

async function main(): Promise<void> {
  const site = await startFixtureSite()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  })
  try {
    const failing = new Set<string>(FAILING_PAGES)
    const paths = SCANNED_PAGES.filter((path) => !failing.has(path))
    await runPage(browser, site.url, '/')
    const runs: PageRun[] = []
    for (const path of paths) runs.push(await runPage(browser, site.url, path))
    console.info(`${runs.length} fixture pages, ${cpus().length} cores`)
    printTimes(runs)
    printCleanPageFindings(runs)
  } finally {
    await browser.close()
    await site.close()
  }
}

await main()
