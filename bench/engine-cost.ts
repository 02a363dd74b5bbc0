/**
 * What each accessibility engine costs per page on the fixture site (tests/fixtures/site), in one run: the
 * page load with axe alone preloaded and with axe and Equal Access preloaded (the cost of parsing the second
 * engine in every page), and the time of each engine's run, as the scanner runs them (one tab).
 *
 *   pnpm exec tsx bench/engine-cost.ts
 *
 * BENCH_PAGES (default 20) caps the pages, BENCH_ROUNDS (default 2) the rounds; the two set-ups alternate
 * page by page, and each figure is the median over pages of the best round.
 */
import { cpus, loadavg } from 'node:os'
import { type Browser, chromium } from 'playwright-core'
import { AXE_SOURCE } from '../apps/worker/src/audits/axe/axe.js'
import { runAxe } from '../apps/worker/src/audits/engines/axe-findings.js'
import { ELEMENT_KEYS_SOURCE } from '../apps/worker/src/audits/engines/element-keys.js'
import { EQUAL_ACCESS_SOURCE, runEqualAccess } from '../apps/worker/src/audits/engines/equal-access.js'
import { CHROMIUM_FLAGS } from '../apps/worker/src/browser/chromium-flags.js'
import { PAGES } from '../tests/fixtures/site/pages.js'
import { startFixtureSite } from '../tests/fixtures/site/server.js'

const PAGE_LIMIT = Number(process.env.BENCH_PAGES ?? 20)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const TIMEOUT_MS = 30_000

interface Timing {
  loadMs: number
  axeMs: number
  equalAccessMs: number | null
  findings: { axe: number; equalAccess: number | null }
}

async function timePage(browser: Browser, url: string, withEqualAccess: boolean): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const page = await context.newPage()
    const scripts = [ELEMENT_KEYS_SOURCE, AXE_SOURCE, ...(withEqualAccess ? [EQUAL_ACCESS_SOURCE] : [])]
    for (const content of scripts) await page.addInitScript({ content })
    let started = performance.now()
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS })
    const loadMs = performance.now() - started
    started = performance.now()
    const axe = await runAxe(page, { timeoutMs: TIMEOUT_MS })
    const axeMs = performance.now() - started
    if (!withEqualAccess)
      return { loadMs, axeMs, equalAccessMs: null, findings: { axe: axe.length, equalAccess: null } }
    started = performance.now()
    const equalAccess = await runEqualAccess(page, { timeoutMs: TIMEOUT_MS })
    const equalAccessMs = performance.now() - started
    return { loadMs, axeMs, equalAccessMs, findings: { axe: axe.length, equalAccess: equalAccess.length } }
  } finally {
    await context.close()
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

async function main(): Promise<void> {
  const site = await startFixtureSite()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  })
  const paths = Object.keys(PAGES).slice(0, PAGE_LIMIT)
  const best = { axeOnly: new Map<string, Timing>(), both: new Map<string, Timing>() }
  const keep = (map: Map<string, Timing>, path: string, timing: Timing) => {
    const seen = map.get(path)
    const total = (value: Timing) => value.loadMs + value.axeMs + (value.equalAccessMs ?? 0)
    if (!seen || total(timing) < total(seen)) map.set(path, timing)
  }
  try {
    console.info(
      `engine cost: ${paths.length} fixture pages, ${ROUNDS} rounds; ${cpus().length} cores, load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    )
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of paths) {
        const url = new URL(path, site.url).href
        keep(best.axeOnly, path, await timePage(browser, url, false))
        keep(best.both, path, await timePage(browser, url, true))
      }
    }
  } finally {
    await browser.close()
    await site.close()
  }
  const axeOnly = [...best.axeOnly.values()]
  const both = [...best.both.values()]
  const loadAxe = median(axeOnly.map((timing) => timing.loadMs))
  const loadBoth = median(both.map((timing) => timing.loadMs))
  const axeMs = median(both.map((timing) => timing.axeMs))
  const equalAccessMs = median(both.map((timing) => timing.equalAccessMs ?? 0))
  console.info(
    `load with axe preloaded: median ${loadAxe.toFixed(0)} ms; with axe and Equal Access: ${loadBoth.toFixed(0)} ms`,
  )
  console.info(
    `axe run: median ${axeMs.toFixed(0)} ms; Equal Access run: median ${equalAccessMs.toFixed(0)} ms`,
  )
  console.info(
    `per page, load and engines: axe alone ${(loadAxe + median(axeOnly.map((timing) => timing.axeMs))).toFixed(0)} ms, both ${(loadBoth + axeMs + equalAccessMs).toFixed(0)} ms`,
  )
  console.info(
    `findings per page (median): axe ${median(both.map((timing) => timing.findings.axe))}, Equal Access ${median(both.map((timing) => timing.findings.equalAccess ?? 0))}`,
  )
}

await main()
