/**
 * Scan throughput, measured in one run on this machine:
 *   - pages/s of our non-Lighthouse pass (the engine's page pipeline, auditPage, SCAN_PAGE_CONCURRENCY tabs)
 *     and of a bare playwright-core + axe-core loop over the same pages with as many tabs;
 *   - seconds per page of our tuned Lighthouse pass (the lighthouse-page job's runner: a fresh child per
 *     page, the next one made ready while a page runs), of a default Lighthouse run (the CLI with the desktop
 *     preset) and of the default config in our ready child, with FCP, LCP, TBT and CLS per page of all three;
 *   - the accessibility engines' cost per page: the page audit with axe alone, with axe and IBM Equal Access,
 *     and with every engine and Canopy's checks, one tab, each step's median milliseconds per page;
 *   - peak memory (PSS) of this process and every process under it (Lighthouse children, Chromium).
 *
 *   pnpm exec tsx bench/scan-throughput.ts [url]
 *
 * Without a URL it serves the fixture site (tests/fixtures/site) and scans that. BENCH_PAGES (default 20)
 * caps the pages of the page passes, BENCH_LIGHTHOUSE_PAGES (default 5) those of the Lighthouse passes,
 * BENCH_ROUNDS (default 2) the rounds of the page passes, BENCH_ENGINE_ROUNDS (default 1) those of the engine
 * costs, BENCH_LIGHTHOUSE_ROUNDS (default 5) those of the
 * Lighthouse passes.
 */
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium } from 'playwright-core'
import { extractContacts } from '../apps/worker/src/audits/contacts/index.js'
import { classifyDocumentUrl } from '../apps/worker/src/audits/documents/index.js'
import { measureReadability } from '../apps/worker/src/audits/readability/index.js'
import { createSpellChecker, type SpellChecker } from '../apps/worker/src/audits/spelling/index.js'
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_FLAGS } from '../apps/worker/src/browser/chromium-flags.js'
import { SharedBrowser } from '../apps/worker/src/browser/shared-browser.js'
import { createLighthouseRunner, type Lhr } from '../apps/worker/src/lighthouse/index.js'
import { createAddressGuard } from '../apps/worker/src/net/index.js'
import { auditPage, type ContentAnalysers } from '../apps/worker/src/pipeline/audit-page.js'
import type { EngineId } from '../packages/contracts/src/wcag.js'
import { startPeakSampler } from './lib/memory.js'
import { PROBLEM_PAGES, startProblemSite } from './lib/problem-pages.js'

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..')
const PAGE_LIMIT = Number(process.env.BENCH_PAGES ?? 20)
const LIGHTHOUSE_PAGES = Number(process.env.BENCH_LIGHTHOUSE_PAGES ?? 5)
const TABS = Number(process.env.SCAN_PAGE_CONCURRENCY ?? 2)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
// Five rounds: with three, one slow run in two could move a page's median FCP of ~200 ms by 20%.
const LIGHTHOUSE_ROUNDS = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 5)
const ENGINE_ROUNDS = Number(process.env.BENCH_ENGINE_ROUNDS ?? 1)
const CHROMIUM_BINARY = '/usr/lib/chromium/chromium'
const MB = 1024 * 1024

/** Same-origin HTML pages reachable from the start URL, breadth first; slow or failing pages are left out. */
async function discoverPages(start: string, limit: number): Promise<string[]> {
  const origin = new URL(start).origin
  const queue = [start]
  const seen = new Set(queue)
  const pages: string[] = []
  while (queue.length > 0 && pages.length < limit) {
    const url = queue.shift() as string
    let response: Response
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(3_000), redirect: 'manual' })
    } catch {
      continue
    }
    if (response.status !== 200 || !response.headers.get('content-type')?.includes('text/html')) continue
    const html = await response.text()
    pages.push(url)
    for (const match of html.matchAll(/href="([^"#]+)/g)) {
      const href = match[1] ?? ''
      let next: URL
      try {
        next = new URL(href, url)
      } catch {
        continue
      }
      next.hash = ''
      if (
        next.origin !== origin ||
        seen.has(next.href) ||
        /\.(pdf|docx?|xlsx?|pptx?|zip|png|jpe?g|css|js)$/i.test(next.pathname)
      ) {
        continue
      }
      seen.add(next.href)
      queue.push(next.href)
    }
  }
  return pages
}

/** Runs `work` over the pages with `tabs` at a time; returns the wall time in seconds. */
async function runPool(pages: string[], tabs: number, work: (url: string) => Promise<void>): Promise<number> {
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: tabs }, async () => {
      while (next < pages.length) {
        const url = pages[next++] as string
        await work(url)
      }
    }),
  )
  return (performance.now() - started) / 1000
}

function createAnalysers(): ContentAnalysers {
  const checkers = new Map<string, Promise<SpellChecker>>()
  return {
    measureReadability: (text, language) => measureReadability(text, language),
    findMisspellings: async (text, language) => {
      const key = language ?? 'en'
      if (!checkers.has(key)) checkers.set(key, createSpellChecker({ language: key, customWords: [] }))
      return (await checkers.get(key))?.misspellings(text) ?? []
    },
    extractContacts: (input) => extractContacts(input),
    classifyDocumentUrl: (url) => classifyDocumentUrl(url),
  }
}

/** The bench's pages are served on loopback: allowed, as CANOPY_SCAN_ALLOW_HOSTS=127.0.0.1 does for tests. */
const LOCAL_GUARD = createAddressGuard({ allowHosts: '127.0.0.1' })

async function measurePipeline(pages: string[]): Promise<{ seconds: number; failures: number }> {
  const browser = new SharedBrowser({ executablePath: CHROMIUM_BINARY })
  const analysers = createAnalysers()
  let failures = 0
  try {
    await browser.get()
    const seconds = await runPool(pages, TABS, async (url) => {
      await auditPage(browser, url, { analysers, guard: LOCAL_GUARD }).catch(() => {
        failures++
      })
    })
    return { seconds, failures }
  } finally {
    await browser.close()
  }
}

async function measureBareLoop(
  pages: string[],
  axeSource: string,
): Promise<{ seconds: number; failures: number }> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_BINARY, args: CHROMIUM_FLAGS })
  let failures = 0
  try {
    const seconds = await runPool(pages, TABS, async (url) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      try {
        const page = await context.newPage()
        await page.addInitScript({ content: axeSource })
        await page.goto(url, { waitUntil: 'load', timeout: 30_000 })
        await page.evaluate(() => (window as unknown as { axe: { run(): Promise<unknown> } }).axe.run())
      } catch {
        failures++
      } finally {
        await context.close()
      }
    })
    return { seconds, failures }
  } finally {
    await browser.close()
  }
}

/** The engine sets compared: axe alone is the baseline the others are measured against. */
const ENGINE_SETS: { name: string; engines: EngineId[] }[] = [
  { name: 'axe alone', engines: ['axe'] },
  { name: 'axe + Equal Access', engines: ['axe', 'equal-access'] },
  { name: 'all engines + Canopy checks', engines: ['axe', 'equal-access', 'canopy'] },
]
/** The page audit's accessibility steps (auditPage's timings), in the order they run. */
const ACCESSIBILITY_STEPS = ['axe', 'equalAccess', 'canopyChecks', 'canopyPageChecks', 'elementScreenshots']

/**
 * Each engine set over the pages, one tab, ENGINE_ROUNDS rounds with the sets interleaved: per set, the
 * median per page of each accessibility step and of their sum (the engines' cost), and that sum against axe
 * alone's. Target: every engine together at most 1.5x axe alone.
 */
async function measureEngineCosts(pages: string[]): Promise<string[]> {
  const browser = new SharedBrowser({ executablePath: CHROMIUM_BINARY })
  const analysers = createAnalysers()
  const steps = new Map(ENGINE_SETS.map((set) => [set.name, new Map<string, number[]>()]))
  try {
    await browser.get()
    for (let round = 0; round < ENGINE_ROUNDS; round++) {
      for (const set of ENGINE_SETS) {
        const perStep = steps.get(set.name) as Map<string, number[]>
        await runPool(pages, 1, async (url) => {
          const audit = await auditPage(browser, url, {
            analysers,
            guard: LOCAL_GUARD,
            accessibility: { engines: set.engines },
          }).catch(() => null)
          if (!audit) return
          const total = ACCESSIBILITY_STEPS.reduce((sum, step) => sum + (audit.timings[step] ?? 0), 0)
          for (const [step, ms] of [...Object.entries(audit.timings), ['engines', total] as const])
            perStep.set(step, [...(perStep.get(step) ?? []), ms])
        })
      }
    }
  } finally {
    await browser.close()
  }
  return engineCostReport(steps)
}

function engineCostReport(steps: Map<string, Map<string, number[]>>): string[] {
  const baseline = median(steps.get(ENGINE_SETS[0]?.name ?? '')?.get('engines') ?? [])
  const lines = [
    `accessibility engines per page (1 tab, median ms over ${ENGINE_ROUNDS} round(s) of every page):`,
  ]
  for (const set of ENGINE_SETS) {
    const perStep = steps.get(set.name) as Map<string, number[]>
    const parts = ACCESSIBILITY_STEPS.filter((step) => perStep.has(step)).map(
      (step) => `${step} ${median(perStep.get(step) ?? []).toFixed(0)}`,
    )
    const engines = median(perStep.get('engines') ?? [])
    lines.push(
      `  ${set.name.padEnd(30)} ${engines.toFixed(0).padStart(5)} ms  (${parts.join(', ')}; load ${median(perStep.get('load') ?? []).toFixed(0)})  ${(engines / baseline).toFixed(2)}x axe alone`,
    )
  }
  lines.push('  target: all engines together <= 1.5x axe alone')
  return lines
}

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
] as const
type MetricName = (typeof METRICS)[number][0]

/** Differences at or below these are the same value (rounding of a 0 ms TBT or a 0 CLS, not a change). */
const METRIC_EPSILON: Record<MetricName, number> = { FCP: 1, LCP: 1, TBT: 1, CLS: 0.001 }

function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

type PassName = 'tuned' | 'cli' | 'ready'
const PASS_NAMES: PassName[] = ['tuned', 'cli', 'ready']

interface LighthousePass {
  /** wall time of each round's whole pass over the pages, seconds */
  roundSeconds: number[]
  /** Lighthouse's own time per run (ours and the ready child report it; the CLI's is its process time) */
  lighthouseMs: number[]
  /** per page, per metric: one value per round */
  metrics: Map<string, Record<MetricName, number[]>>
  failures: string[]
}

function emptyPass(): LighthousePass {
  return { roundSeconds: [], lighthouseMs: [], metrics: new Map(), failures: [] }
}

function record(pass: LighthousePass, url: string, lhr: Lhr): void {
  const perPage = pass.metrics.get(url) ?? { FCP: [], LCP: [], TBT: [], CLS: [] }
  for (const [name, auditId] of METRICS) perPage[name].push(lhr.audits[auditId]?.numericValue ?? Number.NaN)
  pass.metrics.set(url, perPage)
}

const LIGHTHOUSE_CLI = createRequire(join(ROOT, 'apps/worker/package.json')).resolve(
  'lighthouse/cli/index.js',
)

/**
 * A default Lighthouse run as its users run it: the CLI with the desktop preset (all categories, Lighthouse's
 * own waits), a new process and a new Chromium per page. Resolves the run's LHR.
 */
function runLighthouseCli(url: string): Promise<Lhr> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        LIGHTHOUSE_CLI,
        url,
        '--preset=desktop',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--chrome-flags=${HEADLESS_CHROMIUM_FLAGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_BINARY }, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-1000)
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      if (code !== 0) return reject(new Error(`lighthouse CLI exited with ${code}: ${err.trim()}`))
      try {
        const lhr = JSON.parse(Buffer.concat(out).toString('utf8')) as Lhr
        if (lhr.runtimeError)
          return reject(new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`))
        resolve(lhr)
      } catch (error) {
        reject(error)
      }
    })
  })
}

/**
 * The Lighthouse passes over the same pages, BENCH_LIGHTHOUSE_ROUNDS rounds, each pass timed as a whole (as a
 * worker runs its lighthouse-page jobs one after another), the order of the passes rotating every round so that
 * neither profits from caches another warmed or suffers alone from load that came and went:
 *   - tuned: our runner as the lighthouse-page job uses it (next child made ready while a page runs; a ready
 *     child waiting when the pass starts, as in a worker that has been running);
 *   - cli: the default run, Lighthouse's CLI with the desktop preset, fresh process and Chromium per page;
 *   - ready: Lighthouse's default desktop config in our ready child: the same browser conditions as tuned, so
 *     its metrics differ from tuned by the config alone.
 */
async function measureLighthouse(pages: string[], rounds: number): Promise<Record<PassName, LighthousePass>> {
  const tunedRunner = createLighthouseRunner({ allowHosts: ['127.0.0.1'] })
  const readyRunner = createLighthouseRunner({ allowHosts: ['127.0.0.1'] })
  const passes: Record<PassName, LighthousePass> = {
    tuned: emptyPass(),
    cli: emptyPass(),
    ready: emptyPass(),
  }
  try {
    for (let round = 0; round < rounds; round++) {
      const order = PASS_NAMES.map((_, index) => PASS_NAMES[(index + round) % PASS_NAMES.length] as PassName)
      for (const which of order) {
        if (which === 'tuned') await tunedRunner.warm()
        if (which === 'ready') await readyRunner.warm()
        const pass = passes[which]
        const started = performance.now()
        for (const url of pages) {
          const runStarted = performance.now()
          try {
            if (which === 'cli') {
              record(pass, url, await runLighthouseCli(url))
              pass.lighthouseMs.push(performance.now() - runStarted)
            } else {
              const runner = which === 'tuned' ? tunedRunner : readyRunner
              const run = await runner.runRaw({
                url,
                formFactor: 'desktop',
                mode: which === 'tuned' ? 'tuned' : 'default',
              })
              record(pass, url, run.lhr)
              pass.lighthouseMs.push(run.lighthouseMs)
            }
          } catch (error) {
            pass.failures.push(`${which} ${url}: ${(error as Error).message.slice(0, 160)}`)
          }
        }
        pass.roundSeconds.push((performance.now() - started) / 1000)
      }
    }
  } finally {
    tunedRunner.close()
    readyRunner.close()
  }
  return passes
}

function formatMetric(name: MetricName, value: number): string {
  if (!Number.isFinite(value)) return 'n/a'
  return name === 'CLS' ? value.toFixed(3) : `${value.toFixed(0)} ms`
}

/** tuned against a reference, per page: the median of each side's rounds, then the difference. */
function metricDifference(
  name: MetricName,
  tuned: number,
  reference: number,
): { text: string; percent: number } {
  if (!Number.isFinite(tuned) || !Number.isFinite(reference)) return { text: 'n/a', percent: Number.NaN }
  if (Math.abs(tuned - reference) <= METRIC_EPSILON[name]) return { text: '=', percent: 0 }
  if (reference === 0) return { text: 'new', percent: Number.POSITIVE_INFINITY }
  const percent = ((tuned - reference) / reference) * 100
  return { text: `${percent >= 0 ? '+' : ''}${percent.toFixed(1)}%`, percent }
}

function lighthouseReport(pages: string[], passes: Record<PassName, LighthousePass>): string[] {
  const perPage = (which: PassName) => {
    const done = passes[which].roundSeconds.length * pages.length - passes[which].failures.length
    return passes[which].roundSeconds.reduce((sum, value) => sum + value, 0) / Math.max(done, 1)
  }
  const lighthouseOwn = (which: PassName) => median(passes[which].lighthouseMs) / 1000
  const tuned = perPage('tuned')
  const cli = perPage('cli')
  const ready = perPage('ready')
  const lines = [
    `tuned Lighthouse (our runner, ready child):        ${tuned.toFixed(2)} s/page  (median run ${lighthouseOwn('tuned').toFixed(2)} s; rounds ${passes.tuned.roundSeconds.map((s) => `${s.toFixed(0)} s`).join(', ')})`,
    `default Lighthouse (CLI --preset=desktop):         ${cli.toFixed(2)} s/page  (median run ${lighthouseOwn('cli').toFixed(2)} s; rounds ${passes.cli.roundSeconds.map((s) => `${s.toFixed(0)} s`).join(', ')})`,
    `default desktop config in our ready child:         ${ready.toFixed(2)} s/page  (median run ${lighthouseOwn('ready').toFixed(2)} s; rounds ${passes.ready.roundSeconds.map((s) => `${s.toFixed(0)} s`).join(', ')})`,
    `  tuned / default (CLI): ${((tuned / cli) * 100).toFixed(0)}%  (target <= 33%);  tuned / default config in a ready child: ${((tuned / ready) * 100).toFixed(0)}%`,
    '',
    '  metrics per page, median of the rounds: tuned | default (CLI) | default config, ready child; "=" within rounding',
  ]
  const worst: Record<'cli' | 'ready', Record<MetricName, number>> = {
    cli: { FCP: 0, LCP: 0, TBT: 0, CLS: 0 },
    ready: { FCP: 0, LCP: 0, TBT: 0, CLS: 0 },
  }
  for (const url of pages) {
    lines.push(`  ${new URL(url).pathname}`)
    for (const [name] of METRICS) {
      const value = (which: PassName) => median(passes[which].metrics.get(url)?.[name] ?? [])
      const [t, c, r] = [value('tuned'), value('cli'), value('ready')]
      const vsCli = metricDifference(name, t, c)
      const vsReady = metricDifference(name, t, r)
      worst.cli[name] = Math.max(worst.cli[name], Math.abs(vsCli.percent))
      worst.ready[name] = Math.max(worst.ready[name], Math.abs(vsReady.percent))
      lines.push(
        `    ${name.padEnd(4)} ${formatMetric(name, t).padStart(9)} | ${formatMetric(name, c).padStart(9)} ${vsCli.text.padEnd(8)} | ${formatMetric(name, r).padStart(9)} ${vsReady.text}`,
      )
    }
  }
  const worstLine = (which: 'cli' | 'ready') =>
    METRICS.map(
      ([name]) => `${name} ${Number.isNaN(worst[which][name]) ? 'n/a' : `${worst[which][name].toFixed(1)}%`}`,
    ).join(', ')
  lines.push(
    `  largest per-page difference, tuned vs default (CLI):            ${worstLine('cli')}  (target <= 10%)`,
    `  largest per-page difference, tuned vs default in a ready child: ${worstLine('ready')}`,
    ...PASS_NAMES.flatMap((which) => passes[which].failures.map((failure) => `  failed: ${failure}`)),
  )
  return lines
}

/** The site to measure: the URL given, or the fixture site started here (closed by the answer's close). */
async function startTarget(
  given: string | undefined,
): Promise<{ url: string; close: (() => Promise<void>) | null }> {
  if (given) return { url: given, close: null }
  // The fixture site is another helper's module: loaded by path so this script runs without it too.
  const fixturePath = join(ROOT, 'tests/fixtures/site/server.ts')
  const { startFixtureSite } = (await import(fixturePath)) as {
    startFixtureSite(options?: object): Promise<{ url: string; close(): Promise<void> }>
  }
  const site = await startFixtureSite({ port: 0 })
  return { url: site.url, close: () => site.close() }
}

async function printSetup(start: string, pages: string[]): Promise<void> {
  const os = await import('node:os')
  console.info(
    `target ${start}: ${pages.length} pages for the page passes, ${Math.min(LIGHTHOUSE_PAGES, pages.length)} of them and 2 problem pages for Lighthouse`,
  )
  console.info(
    `machine: ${os.availableParallelism()} cores, load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  )
}

/**
 * Warm-up (disk cache, first Chromium start), then the bare loop and the pipeline BENCH_ROUNDS times each,
 * interleaved: the best round damps the noise of other work on the machine. Answers the report's lines and
 * the peak memory of the page passes.
 */
async function measurePagePasses(pages: string[], axeSource: string) {
  if (ROUNDS > 0) await measureBareLoop(pages.slice(0, 2), axeSource)
  const bareRuns: number[] = []
  const pipelineRuns: number[] = []
  let peakPages = 0
  let pipelineFailures = 0
  let bareFailures = 0
  for (let round = 0; round < ROUNDS; round++) {
    const bareSampler = startPeakSampler()
    const bare = await measureBareLoop(pages, axeSource)
    peakPages = Math.max(peakPages, bareSampler.stop())
    bareRuns.push(bare.seconds)
    bareFailures = bare.failures
    const pipelineSampler = startPeakSampler()
    const pipeline = await measurePipeline(pages)
    peakPages = Math.max(peakPages, pipelineSampler.stop())
    pipelineRuns.push(pipeline.seconds)
    pipelineFailures = pipeline.failures
  }
  const barePagesPerSecond = pages.length / Math.min(...bareRuns)
  const pipelinePagesPerSecond = pages.length / Math.min(...pipelineRuns)
  const lines = [
    `non-Lighthouse pass (auditPage, ${TABS} tabs):  ${pipelinePagesPerSecond.toFixed(2)} pages/s  (best of ${pipelineRuns.map((s) => `${s.toFixed(1)} s`).join(', ')}; ${pipelineFailures} failed)`,
    `bare playwright-core + axe (${TABS} tabs):      ${barePagesPerSecond.toFixed(2)} pages/s  (best of ${bareRuns.map((s) => `${s.toFixed(1)} s`).join(', ')}; ${bareFailures} failed)`,
    `  pipeline / bare: ${((pipelinePagesPerSecond / barePagesPerSecond) * 100).toFixed(0)}%  (target >= 80%)`,
  ]
  return { lines, peakPages }
}

/**
 * The Lighthouse passes over the first pages and our problem pages (served at problemsUrl): the fixture
 * site has no long task or layout shift, and a TBT or CLS of 0 on both sides would compare nothing.
 */
async function measureLighthousePasses(pages: string[], problemsUrl: string) {
  const lighthousePages = [
    ...pages.slice(0, LIGHTHOUSE_PAGES),
    `${problemsUrl}${PROBLEM_PAGES.heavy}`,
    `${problemsUrl}${PROBLEM_PAGES.seo}`,
  ]
  // A page's first answer can be slower (server caches); Lighthouse counts the server's time in FCP.
  for (const url of lighthousePages) await fetch(url).then((response) => response.arrayBuffer())
  const lighthouseSampler = startPeakSampler()
  const passes = await measureLighthouse(lighthousePages, LIGHTHOUSE_ROUNDS)
  return { lighthousePages, passes, peakLighthouse: lighthouseSampler.stop() }
}

async function main() {
  const target = await startTarget(process.argv[2])
  const start = target.url
  let closeProblems: (() => Promise<void>) | null = null
  try {
    const pages = await discoverPages(start, PAGE_LIMIT)
    const axeSource = await readFile(
      createRequire(join(ROOT, 'apps/worker/package.json')).resolve('axe-core/axe.min.js'),
      'utf8',
    )
    await printSetup(start, pages)
    const pagePasses = await measurePagePasses(pages, axeSource)
    const engineCosts =
      ENGINE_ROUNDS > 0 ? await measureEngineCosts(pages) : ['engine costs left out (BENCH_ENGINE_ROUNDS=0)']
    const problems = await startProblemSite()
    closeProblems = () => problems.close()
    const { lighthousePages, passes, peakLighthouse } = await measureLighthousePasses(pages, problems.url)

    // BENCH_ROUNDS=0 or BENCH_LIGHTHOUSE_ROUNDS=0 leaves that half out (to look at the other one alone).
    const lines = [
      '',
      ...(ROUNDS > 0 ? pagePasses.lines : ['page passes left out (BENCH_ROUNDS=0)']),
      '',
      ...engineCosts,
      '',
      ...(LIGHTHOUSE_ROUNDS > 0
        ? lighthouseReport(lighthousePages, passes)
        : ['Lighthouse passes left out (BENCH_LIGHTHOUSE_ROUNDS=0)']),
      '',
      'peak PSS of this process and its children (Node + Chromium):',
      `  page passes ${(pagePasses.peakPages / MB).toFixed(0)} MB, Lighthouse passes ${(peakLighthouse / MB).toFixed(0)} MB (a runner's child and its Chromium, or the CLI's)`,
    ]
    console.info(lines.join('\n'))
  } finally {
    await target.close?.()
    await closeProblems?.()
  }
}

await main()
