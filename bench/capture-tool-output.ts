/**
 * Regenerates tests/fixtures/tool-output/: real Lighthouse results (LHR, trimmed to what the audit renderer
 * reads, every audit object unmodified) and real axe-core results, from runs on local pages with planted
 * problems (bench/lib/problem-pages.ts). Writes index.json saying in which file and audit each detail type
 * of accessibility.md §3 occurs, and which never occur with this Lighthouse version.
 *
 *   pnpm exec tsx bench/capture-tool-output.ts
 */
import { execFileSync } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS } from '../apps/worker/src/browser/chromium-flags.js'
import { type Lhr, runLighthouseRaw } from '../apps/worker/src/lighthouse/index.js'
import { HIDDEN_DETAIL_TYPES, RENDERED_DETAIL_TYPES } from '../packages/contracts/src/audits.js'
import { PROBLEM_PAGES, startProblemSite } from './lib/problem-pages.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const OUT = join(ROOT, 'tests/fixtures/tool-output')
// A fixed port keeps the URLs inside the fixtures the same from one capture to the next.
const PORT = Number(process.env.CAPTURE_PORT ?? 8097)
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const workerRequire = createRequire(join(ROOT, 'apps/worker/package.json'))

interface Occurrence {
  file: string
  auditId: string
  /** where in the details: 'details' itself, a table column's valueType, an item value's type */
  at: string
}

/** Every detail type reachable in an audit's details: the details' type, column valueTypes, typed item values. */
function collectTypes(value: unknown, path: string, found: Map<string, string>): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) collectTypes(item, `${path}[${index}]`, found)
    return
  }
  if (!value || typeof value !== 'object') return
  const record = value as Record<string, unknown>
  if (typeof record.type === 'string' && !found.has(record.type)) found.set(record.type, path)
  if (typeof record.valueType === 'string' && !found.has(record.valueType)) {
    found.set(record.valueType, `${path}.valueType`)
  }
  if (record.entity !== undefined && !found.has('entity')) found.set('entity', `${path}.entity`)
  if (record.subItems !== undefined && !found.has('subItems')) found.set('subItems', `${path}.subItems`)
  for (const [key, child] of Object.entries(record)) collectTypes(child, `${path}.${key}`, found)
}

/** The renderer's part of an LHR: categories, groups and the audits, each audit object as Lighthouse wrote it. */
function trimLhr(lhr: Lhr & Record<string, unknown>): Record<string, unknown> {
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    requestedUrl: lhr.requestedUrl,
    finalDisplayedUrl: lhr.finalDisplayedUrl,
    fetchTime: lhr.fetchTime,
    configSettings: lhr.configSettings,
    categories: lhr.categories,
    categoryGroups: lhr.categoryGroups,
    audits: lhr.audits,
    fullPageScreenshot: lhr.fullPageScreenshot,
  }
}

async function captureLighthouse(siteUrl: string): Promise<string> {
  const lighthouseVersion = JSON.parse(
    await readFile(workerRequire.resolve('lighthouse/package.json'), 'utf8'),
  ).version as string
  const dir = join(OUT, `lighthouse-${lighthouseVersion}`)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  const runs = [
    { file: 'heavy.desktop.default.json', path: PROBLEM_PAGES.heavy, formFactor: 'desktop', mode: 'default' },
    { file: 'heavy.mobile.default.json', path: PROBLEM_PAGES.heavy, formFactor: 'mobile', mode: 'default' },
    { file: 'heavy.desktop.tuned.json', path: PROBLEM_PAGES.heavy, formFactor: 'desktop', mode: 'tuned' },
    { file: 'seo.desktop.default.json', path: PROBLEM_PAGES.seo, formFactor: 'desktop', mode: 'default' },
    { file: 'clean.desktop.default.json', path: PROBLEM_PAGES.clean, formFactor: 'desktop', mode: 'default' },
  ] as const
  const occurrences = new Map<string, Occurrence[]>()
  for (const run of runs) {
    const { lhr, totalMs } = await runLighthouseRaw({
      url: `${siteUrl}${run.path}`,
      formFactor: run.formFactor,
      mode: run.mode,
      allowHosts: ['127.0.0.1'],
    })
    await writeFile(
      join(dir, run.file),
      `${JSON.stringify(trimLhr(lhr as Lhr & Record<string, unknown>), null, 1)}\n`,
    )
    for (const audit of Object.values(lhr.audits)) {
      const found = new Map<string, string>()
      collectTypes(audit.details, 'details', found)
      for (const [type, at] of found) {
        const list = occurrences.get(type) ?? []
        if (list.length < 5) list.push({ file: run.file, auditId: audit.id, at })
        occurrences.set(type, list)
      }
    }
    if (
      (lhr as Lhr & Record<string, unknown>).fullPageScreenshot &&
      !occurrences.has('full-page-screenshot')
    ) {
      occurrences.set('full-page-screenshot', [
        { file: run.file, auditId: '(lhr.fullPageScreenshot)', at: 'fullPageScreenshot' },
      ])
    }
    console.info(`lighthouse ${run.file}: ${(totalMs / 1000).toFixed(1)} s`)
  }
  const wanted = [...RENDERED_DETAIL_TYPES, ...HIDDEN_DETAIL_TYPES, 'entity', 'subItems']
  const missing = wanted.filter((type) => !occurrences.has(type))
  const index = {
    lighthouseVersion,
    note:
      'Where each detail type of accessibility.md §3 occurs in these files (up to 5 places each). ' +
      '"entity" and "subItems" are table item fields. Regenerate with pnpm exec tsx bench/capture-tool-output.ts.',
    missing,
    missingWhy: {
      criticalrequestchain:
        'Lighthouse 13 removed the critical-request-chains audit; its successor network-dependency-tree-insight uses "network-tree".',
      thumbnail:
        'No Lighthouse 13 audit has a "thumbnail" column: the image opportunities that had one were replaced by image-delivery-insight, which shows the image as a "node".',
    },
    types: Object.fromEntries([...occurrences.entries()].sort(([a], [b]) => a.localeCompare(b))),
  }
  await writeFile(join(dir, 'index.json'), `${JSON.stringify(index, null, 2)}\n`)
  console.info(`lighthouse detail types missing: ${missing.join(', ') || 'none'}`)
  return dir
}

async function captureAxe(siteUrl: string): Promise<string> {
  const axePath = workerRequire.resolve('axe-core/axe.min.js')
  const axeVersion = JSON.parse(await readFile(workerRequire.resolve('axe-core/package.json'), 'utf8'))
    .version as string
  const axeSource = await readFile(axePath, 'utf8')
  const dir = join(OUT, `axe-${axeVersion}`)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  try {
    for (const [name, path] of Object.entries({
      axe: PROBLEM_PAGES.axe,
      heavy: PROBLEM_PAGES.heavy,
      clean: PROBLEM_PAGES.clean,
    })) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      await page.addInitScript(axeSource)
      await page.goto(`${siteUrl}${path}`, { waitUntil: 'load' })
      const results = await page.evaluate(() =>
        (window as unknown as { axe: { run: (options: object) => Promise<unknown> } }).axe.run({
          resultTypes: ['violations', 'incomplete', 'passes', 'inapplicable'],
        }),
      )
      await writeFile(join(dir, `${name}.json`), `${JSON.stringify(results, null, 1)}\n`)
      await context.close()
      console.info(`axe ${name}.json written`)
    }
  } finally {
    await browser.close()
  }
  return dir
}

const site = await startProblemSite(PORT)
try {
  console.info(`problem pages at ${site.url}`)
  await captureAxe(site.url)
  await captureLighthouse(site.url)
} finally {
  await site.close()
}
// The repository's formatter owns JSON layout too: format now so `biome check .` passes on fresh captures.
execFileSync('pnpm', ['exec', 'biome', 'format', '--write', OUT], { cwd: ROOT, stdio: 'inherit' })
