/**
 * ACT rules conformance of the accessibility engines: every test case of the W3C ACT Rules Community Group
 * (passed, failed and inapplicable examples of each rule) opened in Chromium with axe-core and IBM Equal
 * Access preloaded and Canopy's checks run after them, as the scanner runs them; prints per ACT rule and overall, per engine and combined, the
 * failed examples caught, the false positives, the reviews and pages/s, before and after the demotions of
 * apps/worker/src/audits/engines/demotions.ts, and the demotion list the run measured.
 *
 *   pnpm exec tsx bench/act-rules.ts [--corpus DIR]
 *
 * DIR (or CANOPY_ACT_RULES_DIR; default ../shared/act-rules beside the repository) is the content-assets/
 * wcag-act-rules folder of the w3c/wcag-act-rules repository: testcases.json, testcases/, test-assets/.
 * BENCH_TABS (default 2) pages at a time, BENCH_ACT_RULES (comma-separated ids) a subset of the rules.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { AXE_SOURCE } from '../apps/worker/src/audits/axe/axe.js'
import { CHECK_ACT_RULE_IDS } from '../apps/worker/src/audits/checks/act-rules.js'
import { AXE_ACT_RULES, runAxe } from '../apps/worker/src/audits/engines/axe-findings.js'
import { applyDemotions, DEMOTED_RULES } from '../apps/worker/src/audits/engines/demotions.js'
import { ELEMENT_KEYS_SOURCE } from '../apps/worker/src/audits/engines/element-keys.js'
import {
  EQUAL_ACCESS_SOURCE,
  equalAccessActRuleIds,
  runEqualAccess,
} from '../apps/worker/src/audits/engines/equal-access.js'
import type { Finding } from '../apps/worker/src/audits/engines/finding.js'
import { CHROMIUM_FLAGS } from '../apps/worker/src/browser/chromium-flags.js'
import { CANOPY_CHECKS, runChecks } from '../apps/worker/src/pipeline/accessibility.js'
import {
  allFindings,
  BENCH_ENGINES,
  type BenchEngine,
  evaluateCorpus,
  type RuleScore,
  type TestCase,
  type TestCaseRun,
} from './lib/act-scoring.js'

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..')
const TABS = Number(process.env.BENCH_TABS ?? 2)
const RESULTS_DIR = join(ROOT, 'bench', 'results')
const ENGINE_TIMEOUT_MS = 30_000
const CHECK_TIMEOUT_MS = 5_000
/** Canopy's checks as the scanner runs them: those that only read the page first, those that change it last. */
const CHECKS_IN_ORDER = [...CANOPY_CHECKS].sort((a, b) => Number(a.changesPage) - Number(b.changesPage))
/** the path the test cases use for their assets and each other */
const CORPUS_PATH = '/WAI/content-assets/wcag-act-rules/'
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xhtml': 'application/xhtml+xml',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.vtt': 'text/vtt',
  '.pdf': 'application/pdf',
}

function corpusDir(): string {
  const flag = process.argv.indexOf('--corpus')
  if (flag > 0 && process.argv[flag + 1]) return process.argv[flag + 1] as string
  return process.env.CANOPY_ACT_RULES_DIR ?? join(ROOT, '..', 'shared', 'act-rules')
}

/** The corpus over loopback HTTP, at the path its pages link their assets by. */
function serveCorpus(dir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://corpus').pathname)
    const relative = normalize(path.slice(CORPUS_PATH.length))
    if (!path.startsWith(CORPUS_PATH) || relative.startsWith('..')) {
      response.writeHead(404).end()
      return
    }
    readFile(join(dir, relative)).then(
      (body) =>
        response
          .writeHead(200, { 'content-type': TYPES[extname(relative)] ?? 'application/octet-stream' })
          .end(body),
      () => response.writeHead(404).end(),
    )
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** One test case loaded with both engines preloaded, in a new page of the tab's context; each engine timed. */
async function runTestCase(
  context: BrowserContext,
  origin: string,
  testCase: TestCase,
): Promise<TestCaseRun> {
  const page = await context.newPage()
  try {
    await page.goto(`${origin}${CORPUS_PATH}${testCase.relativePath}`, { waitUntil: 'load', timeout: 15_000 })
    let started = performance.now()
    const axe = await runAxe(page, { timeoutMs: ENGINE_TIMEOUT_MS, demote: false })
    const axeMs = performance.now() - started
    started = performance.now()
    const equalAccess = await runEqualAccess(page, { timeoutMs: ENGINE_TIMEOUT_MS, demote: false })
    const equalAccessMs = performance.now() - started
    started = performance.now()
    const canopy = await runChecks(
      page,
      CHECKS_IN_ORDER,
      { checkTimeoutMs: CHECK_TIMEOUT_MS, demote: false },
      () => undefined,
    )
    const ms = { axe: axeMs, 'equal-access': equalAccessMs, canopy: performance.now() - started }
    return { testCase, findings: { axe, 'equal-access': equalAccess, canopy }, ms }
  } catch (error) {
    const findings = { axe: [], 'equal-access': [], canopy: [] }
    const ms = { axe: 0, 'equal-access': 0, canopy: 0 }
    return { testCase, findings, ms, error: String(error).split('\n')[0] }
  } finally {
    await page.close()
  }
}

/** A context per tab with the scanner's init scripts, in the order the scanner installs them. */
async function newTabContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  for (const content of [ELEMENT_KEYS_SOURCE, AXE_SOURCE, EQUAL_ACCESS_SOURCE])
    await context.addInitScript({ content })
  return context
}

interface Measured {
  runs: TestCaseRun[]
  seconds: number
}

/** Runs every test case, TABS at a time, saving what it has every 50 (a long run can be scored early). */
async function runCorpus(
  testCases: TestCase[],
  origin: string,
  save: (measured: Measured) => Promise<void>,
): Promise<Measured> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Nothing leaves the machine: the few test cases that link other hosts fail those requests at once.
    args: [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  })
  const runs: TestCaseRun[] = []
  const started = performance.now()
  let next = 0
  try {
    await Promise.all(
      Array.from({ length: TABS }, async () => {
        const context = await newTabContext(browser)
        while (next < testCases.length) {
          const testCase = testCases[next++] as TestCase
          runs.push(await runTestCase(context, origin, testCase))
          if (runs.length % 50 === 0) {
            console.info(`  ${runs.length}/${testCases.length} test cases`)
            await save({ runs, seconds: (performance.now() - started) / 1000 })
          }
        }
      }),
    )
  } finally {
    await browser.close()
  }
  return { runs, seconds: (performance.now() - started) / 1000 }
}

const pct = (part: number, whole: number) => (whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)}%`)
const cell = (score: RuleScore['axe']) =>
  `${score.caught}/${score.failedExamples} ${score.falsePassed}/${score.falseInapplicable} ${score.review}`

function printRules(scores: RuleScore[]): void {
  console.info(
    '\nper ACT rule (engine cells: caught/failed examples, false positives on passed/inapplicable, examples with a review)',
  )
  console.info(
    [
      'rule  ',
      'F/P/I     ',
      'axe            ',
      'equal-access   ',
      'canopy         ',
      'combined       ',
      'by criteria',
      'name',
    ].join(' | '),
  )
  for (const score of scores) {
    console.info(
      [
        score.ruleId,
        `${score.examples.failed}/${score.examples.passed}/${score.examples.inapplicable}`.padEnd(10),
        cell(score.axe).padEnd(15),
        cell(score['equal-access']).padEnd(15),
        cell(score.canopy).padEnd(15),
        cell(score.combined).padEnd(15),
        `${score.byCriteria.caught}/${score.examples.failed} ${score.byCriteria.falsePassed}`.padEnd(11),
        score.ruleName.slice(0, 60),
      ].join(' | '),
    )
  }
}

function printTotals(label: string, scores: RuleScore[]): void {
  const sum = (pick: (score: RuleScore) => number) => scores.reduce((total, score) => total + pick(score), 0)
  const failed = sum((score) => score.examples.failed)
  const passed = sum((score) => score.examples.passed)
  console.info(`\n${label}: ${scores.length} ACT rules, ${failed} failed examples, ${passed} passed examples`)
  for (const engine of [...BENCH_ENGINES, 'combined'] as const) {
    const caught = sum((score) => score[engine].caught)
    const rulesWithFalse = scores.filter((score) => score[engine].falsePassed > 0).length
    console.info(
      `  ${engine.padEnd(13)} by ACT id: caught ${caught}/${failed} = ${pct(caught, failed)}; false positives on passed examples ${sum((score) => score[engine].falsePassed)} (in ${rulesWithFalse} rules), on inapplicable ${sum((score) => score[engine].falseInapplicable)}; examples with a review ${sum((score) => score[engine].review)}; rules with an implementation ${scores.filter((score) => score[engine].implemented).length}`,
    )
  }
  console.info(
    `  elements failed on failed examples: ${[...BENCH_ENGINES, 'combined' as const].map((engine) => `${engine} ${sum((score) => score[engine].failedElements)}`).join(', ')} (an element several engines failed counted once)`,
  )
  const byCriteria = sum((score) => score.byCriteria.caught)
  console.info(
    `  combined, by WCAG criteria (any engine failing any element with a criterion of the rule's): caught ${byCriteria}/${failed} = ${pct(byCriteria, failed)}; failures on passed examples ${sum((score) => score.byCriteria.falsePassed)}`,
  )
}

function printSpeed(runs: TestCaseRun[], seconds: number): void {
  const ok = runs.filter((run) => !run.error)
  const total = (engine: BenchEngine) => ok.reduce((sum, run) => sum + (run.ms[engine] ?? 0), 0)
  const median = (engine: BenchEngine) => {
    const sorted = ok.map((run) => run.ms[engine] ?? 0).sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)] ?? 0
  }
  console.info(
    `\nspeed: ${runs.length} test cases in ${seconds.toFixed(1)} s with ${TABS} tabs = ${(runs.length / seconds).toFixed(2)} pages/s (load + every engine); ${runs.length - ok.length} failed to load or run`,
  )
  for (const engine of BENCH_ENGINES) {
    console.info(
      `  ${engine.padEnd(13)} mean ${(total(engine) / ok.length).toFixed(0)} ms, median ${median(engine).toFixed(0)} ms per page = ${((ok.length / total(engine)) * 1000).toFixed(2)} pages/s of engine time per tab`,
    )
  }
  for (const run of runs.filter((failedRun) => failedRun.error).slice(0, 10))
    console.info(`  failed: ${run.testCase.relativePath}: ${run.error}`)
}

/** Engine rules that failed a passed example of an ACT rule they implement, with the number of such examples. */
function printMeasuredDemotions(runs: TestCaseRun[]): void {
  const counts = new Map<string, number>()
  for (const run of runs.filter((candidate) => candidate.testCase.expected === 'passed')) {
    const flagged = new Set<string>()
    for (const finding of allFindings(run) as Finding[]) {
      if (finding.outcome === 'failed' && finding.actRules.includes(run.testCase.ruleId))
        flagged.add(`${finding.engine} ${finding.ruleId}`)
    }
    for (const rule of flagged) counts.set(rule, (counts.get(rule) ?? 0) + 1)
  }
  console.info('\nmeasured demotions (engine rule: passed examples it failed), for engines/demotions.ts:')
  for (const [rule, count] of [...counts].sort()) {
    const [engine, ruleId] = rule.split(' ') as [BenchEngine, string]
    console.info(`  ${rule}: ${count}${DEMOTED_RULES[engine].has(ruleId) ? ' (demoted)' : ' (NOT demoted)'}`)
  }
}

/** The ACT rules some engine says it implements (axe's actIds, Equal Access' mappings, Canopy's checks). */
function implementedRules(): Set<string> {
  return new Set([...[...AXE_ACT_RULES.values()].flat(), ...equalAccessActRuleIds(), ...CHECK_ACT_RULE_IDS])
}

/**
 * The test cases in the order that makes a partial run (a busy machine, a deadline) most useful: passed and
 * failed examples of the ACT rules some engine implements, then the other rules' failed examples (the count by
 * criteria), then inapplicable examples, then the rest. Each group keeps the corpus' order.
 */
function prioritise(testCases: TestCase[]): TestCase[] {
  const implemented = implementedRules()
  const rank = (testCase: TestCase) => {
    const known = implemented.has(testCase.ruleId)
    if (known && testCase.expected !== 'inapplicable') return 0
    if (testCase.expected === 'failed') return 1
    return known ? 2 : 3
  }
  return testCases
    .map((testCase, index) => ({ testCase, index }))
    .sort((a, b) => rank(a.testCase) - rank(b.testCase) || a.index - b.index)
    .map(({ testCase }) => testCase)
}

/** Runs the corpus in Chromium and keeps the raw (undemoted) findings in bench/results/. */
async function measure(): Promise<Measured> {
  const dir = corpusDir()
  const corpus = JSON.parse(await readFile(join(dir, 'testcases.json'), 'utf8')) as { testcases: TestCase[] }
  const only = process.env.BENCH_ACT_RULES?.split(',')
  const testCases = prioritise(corpus.testcases.filter((testCase) => !only || only.includes(testCase.ruleId)))
  console.info(`ACT rules bench: ${testCases.length} test cases from ${dir}`)
  const server = await serveCorpus(dir)
  try {
    const { port } = server.address() as AddressInfo
    await mkdir(RESULTS_DIR, { recursive: true })
    const saved = join(RESULTS_DIR, `act-rules-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
    const save = (measured: Measured) => writeFile(saved, JSON.stringify(measured))
    const measured = await runCorpus(testCases, `http://127.0.0.1:${port}`, save)
    await save(measured)
    console.info(`raw findings saved to ${saved} (--replay FILE scores them again without a browser)`)
    return measured
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
}

async function main(): Promise<void> {
  console.info(
    `${cpus().length} cores, load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  )
  const replay = process.argv.indexOf('--replay')
  const { runs, seconds } =
    replay > 0
      ? (JSON.parse(await readFile(process.argv[replay + 1] as string, 'utf8')) as Awaited<
          ReturnType<typeof measure>
        >)
      : await measure()
  const before = evaluateCorpus(runs, (findings) => findings)
  const after = evaluateCorpus(runs, applyDemotions)
  printRules(before)
  printTotals('BEFORE demotions', before)
  console.info('\nrules whose scores the demotions changed:')
  printRules(after.filter((score, index) => JSON.stringify(score) !== JSON.stringify(before[index])))
  printTotals('AFTER demotions (engines/demotions.ts)', after)
  // Rules that need a person's judgement (is a heading descriptive?) weigh on every engine alike.
  const implemented = implementedRules()
  printTotals(
    'AFTER demotions, the ACT rules some engine implements',
    after.filter((score) => implemented.has(score.ruleId)),
  )
  printSpeed(runs, seconds)
  printMeasuredDemotions(runs)
}

await main()
