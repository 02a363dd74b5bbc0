/**
 * The list endpoints of issue 8 on one large site, measured in one run on this machine:
 *   - p50/p95/p99 and answers/s of every list endpoint (default sort, a search, a filter, a deep page) under
 *     BENCH_CLIENTS concurrent clients (default 50), and of the per-request floor: a 401 without a cookie
 *     and a 404 for another site's member;
 *   - the CSV export of the pages list: rows/s and the API process's peak RSS while it streams.
 *
 *   pnpm exec tsx bench/api-lists.ts
 *
 * The site lives in its own database, canopy_bench_lists_<pages> on the server of DATABASE_URL (never the
 * dev database), seeded once by set-based SQL (bench/lib/lists-seed.ts) and reused by later runs; pending
 * migrations (a new index) are applied to it on every run. BENCH_PAGES (default 100000) sizes it: 10 link
 * occurrences and 5 page issues per page, a document per 20 pages. BENCH_RESEED=1 drops and seeds it again.
 * The API runs as its own process (`tsx apps/api/src/server.ts`, as `./scripts/start` runs it) on that
 * database, with its default log level unless LOG_LEVEL is set. BENCH_SECONDS (default 3) is the measured
 * time per case after BENCH_WARMUP_SECONDS (default 1); BENCH_ONLY=<text> keeps the cases whose name holds it
 * (BENCH_ONLY=export: the export alone). BENCH_CPU_PROF=<dir> has the API write a CPU profile there.
 * BENCH_API_ROOT=<dir> runs the API of another checkout (with its node_modules) instead of this one's.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createPrismaClient, type PrismaClient } from '../packages/db/src/index.js'
import { migrateDatabase } from '../packages/db/src/migrate/index.js'
import { databaseExists, dropDatabase, replaceDatabaseName } from '../packages/db/src/testing.js'
import {
  prepareRun,
  type SeededSite,
  type SeedSizes,
  SITE_SLUG,
  type Sql,
  seedListsSite,
} from './lib/lists-seed.js'
import { runLoad } from './lib/load.js'

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..')
/** BENCH_API_ROOT=<checkout>: run the API of another checkout (a before/after comparison) on the same data. */
const API_ROOT = process.env.BENCH_API_ROOT ?? ROOT
const PAGES = Number(process.env.BENCH_PAGES ?? 100_000)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1)
const ONLY = process.env.BENCH_ONLY ?? ''
const SIZES: SeedSizes = {
  pages: PAGES,
  linksPerPage: 10,
  issuesPerPage: 5,
  documents: Math.max(10, Math.floor(PAGES / 20)),
  scans: 12,
}
const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/canopy'
const DATABASE_URL = replaceDatabaseName(SERVER_URL, `canopy_bench_lists_${PAGES}`)
const TARGET_P95_MS = 50

function log(line: string): void {
  process.stdout.write(`${line}\n`)
}

function asSql(prisma: PrismaClient): Sql {
  return {
    execute: (sql) => prisma.$executeRawUnsafe(sql),
    query: <T>(sql: string) => prisma.$queryRawUnsafe<T[]>(sql),
  }
}

/** Complete: every document, and the inventory's contacts (seeded last but one, after the documents). */
async function isSeeded(prisma: PrismaClient): Promise<boolean> {
  const rows = await prisma.$queryRawUnsafe<{ count: bigint; contacts: bigint; uptime: boolean }[]>(
    `SELECT count(*) AS count, (SELECT count(*) FROM "Contact" WHERE "siteId" = 'bench-site') AS contacts,
        EXISTS (SELECT 1 FROM "UptimeCheck" WHERE "siteId" = 'bench-site') AS uptime
      FROM "Document" WHERE "siteId" = 'bench-site' AND kind <> 'media'`,
  )
  // A database seeded before the seed gained its last steps (contacts, uptime) is seeded again.
  const [row] = rows
  return Number(row?.count ?? 0) === SIZES.documents && Number(row?.contacts ?? 0) > 0 && row?.uptime === true
}

/** The bench database, migrated, seeded unless an earlier run left it complete. */
async function prepareDatabase(): Promise<PrismaClient> {
  if (process.env.BENCH_RESEED === '1' && (await databaseExists(DATABASE_URL)))
    await dropDatabase(DATABASE_URL)
  const { applied } = await migrateDatabase(DATABASE_URL)
  if (applied.length > 0) log(`migrations applied: ${applied.join(', ')}`)
  const prisma = createPrismaClient(DATABASE_URL)
  if (await isSeeded(prisma)) {
    log(`reusing the seeded database ${DATABASE_URL.replace(/^.*\//, '')}`)
    return prisma
  }
  // A half-seeded database (an interrupted run) is dropped and seeded from scratch.
  await prisma.$disconnect()
  await dropDatabase(DATABASE_URL)
  await migrateDatabase(DATABASE_URL)
  const fresh = createPrismaClient(DATABASE_URL)
  log(`seeding ${DATABASE_URL.replace(/^.*\//, '')}:`)
  const started = performance.now()
  await seedListsSite(asSql(fresh), SIZES, log)
  log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return fresh
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

/** The API as its own process on the bench database; resolves once it answers. */
async function startApi(port: number): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir>: the API writes a V8 CPU profile there when it exits.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : []
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      DATABASE_URL,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CANOPY_QUEUE_PREFIX: 'canopy-bench-lists',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`)
    const ok = await fetch(`http://127.0.0.1:${port}/healthz/network`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return child
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill()
  throw new Error('the API did not answer within 60 s')
}

/** Resident set size of one process, from /proc (the API process, not the bench). */
async function readRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status)
  return match ? Number(match[1]) * 1024 : 0
}

function startRssSampler(pid: number, intervalMs = 50): { stop(): Promise<number> } {
  let peak = 0
  const timer = setInterval(() => {
    void readRss(pid).then((rss) => {
      peak = Math.max(peak, rss)
    })
  }, intervalMs)
  return {
    async stop() {
      clearInterval(timer)
      return Math.max(peak, await readRss(pid))
    },
  }
}

interface Case {
  name: string
  path: string
  /** who asks: the site's member (default), another site's member, or nobody */
  as?: 'member' | 'outsider' | 'anonymous'
}

/** The content quality area: readability, its pages lists, broken links and the pages affected by a link. */
function contentQualityCases(base: string, site: SeededSite, lastPage: (rows: number) => number): Case[] {
  const links = `${base}/content-quality/broken-links`
  // bench-link-0: an external link, broken, linked from about 20 pages (seedLinks).
  const affected = `${base}/content-quality/pages-affected-by-a-link/bench-link-0`
  return [
    { name: 'cq readability', path: `${base}/content-quality/readability` },
    {
      name: 'cq readability section',
      path: `${base}/content-quality/readability?sectionId=${site.sectionId}`,
    },
    { name: 'cq pages', path: `${base}/pages?type=contentQuality&sortBy=contentQualityScore&sortDir=asc` },
    { name: 'cq readability level', path: `${base}/pages?type=readability&readability=easy-to-read` },
    { name: 'cq broken links', path: links },
    { name: 'cq broken links search', path: `${links}?search=topic-7/` },
    { name: 'cq broken links external', path: `${links}?view=external` },
    { name: 'cq broken links unverified', path: `${links}?verification=unverified` },
    { name: 'cq broken links section', path: `${links}?sectionId=${site.sectionId}` },
    { name: 'cq broken links sort url', path: `${links}?sortBy=entryTitle&sortDir=asc` },
    { name: 'cq broken links deep page', path: `${links}?page=${lastPage(PAGES / 40)}` },
    { name: 'cq pages affected by a link', path: affected },
    { name: 'cq pages affected section', path: `${affected}?sectionId=${site.sectionId}` },
    { name: 'cq resource', path: `${base}/content-quality/resources/bench-link-0` },
  ]
}

function siteCases(site: SeededSite): Case[] {
  const base = `/api/v1/sites/${SITE_SLUG}`
  const issuePages = `${base}/issues/${site.topIssueId}/pages`
  const lastPage = (rows: number) => Math.max(1, Math.floor(rows / 25) - 1)
  return [
    { name: 'no cookie: 401', path: '/api/v1/sites', as: 'anonymous' },
    { name: "other site's member: 404", path: `${base}/scan-details`, as: 'outsider' },
    { name: 'sites', path: '/api/v1/sites' },
    { name: 'sites search', path: '/api/v1/sites?search=bench' },
    { name: 'scan-details', path: `${base}/scan-details` },
    { name: 'scan-details section', path: `${base}/scan-details?sectionId=${site.sectionId}` },
    { name: 'history', path: `${base}/history` },
    { name: 'history section', path: `${base}/history?sectionId=${site.sectionId}` },
    { name: 'pages', path: `${base}/pages?type=accessibility` },
    { name: 'pages search', path: `${base}/pages?type=accessibility&search=page-4242` },
    { name: 'pages search title', path: `${base}/pages?type=accessibility&search=museums` },
    {
      name: 'pages sort score',
      path: `${base}/pages?type=accessibility&sortBy=accessibilityScore&sortDir=asc`,
    },
    { name: 'pages section', path: `${base}/pages?type=accessibility&sectionId=${site.sectionId}` },
    { name: 'pages deep page', path: `${base}/pages?type=accessibility&page=${lastPage(PAGES)}` },
    { name: 'worst-pages', path: `${base}/worst-pages?type=accessibility` },
    {
      name: 'worst-pages section',
      path: `${base}/worst-pages?type=accessibility&sectionId=${site.sectionId}`,
    },
    { name: 'issues', path: `${base}/issues?category=accessibility` },
    { name: 'issues search', path: `${base}/issues?category=accessibility&search=contrast` },
    { name: 'issues level', path: `${base}/issues?category=accessibility&level=AA` },
    { name: 'issues new', path: `${base}/issues?category=accessibility&status=new` },
    { name: 'issues section', path: `${base}/issues?category=accessibility&sectionId=${site.sectionId}` },
    { name: 'issues deep page', path: `${base}/issues?category=accessibility&page=2&pageSize=25` },
    { name: 'issues/overview', path: `${base}/issues/overview?category=accessibility` },
    { name: 'issues/overview all', path: `${base}/issues/overview` },
    { name: 'issues/overview section', path: `${base}/issues/overview?sectionId=${site.sectionId}` },
    { name: 'issue pages', path: issuePages },
    { name: 'issue pages search', path: `${issuePages}?search=page-42` },
    { name: 'issue pages template', path: `${issuePages}?template=${site.topSignature}` },
    { name: 'issue pages new', path: `${issuePages}?status=new` },
    { name: 'issue pages sort nodes', path: `${issuePages}?sortBy=nodeCount&sortDir=desc` },
    { name: 'issue pages deep page', path: `${issuePages}?page=${lastPage(PAGES / 20)}` },
    { name: 'documents pdf', path: `${base}/documents/pdf` },
    { name: 'documents search', path: `${base}/documents/pdf?search=parks` },
    { name: 'documents sort title', path: `${base}/documents/pdf?sortBy=documentTitle&sortDir=asc` },
    { name: 'documents section', path: `${base}/documents/pdf?sectionId=${site.sectionId}` },
    { name: 'documents deep page', path: `${base}/documents/pdf?page=${lastPage(SIZES.documents * 0.3)}` },
    { name: 'pages seo sort score', path: `${base}/pages?type=seo&sortBy=seoScore&sortDir=asc` },
    { name: 'pages performance', path: `${base}/pages?type=performance&view=standard` },
    {
      name: 'pages performance sort FCP',
      path: `${base}/pages?type=performance&view=advanced&sortBy=firstContentfulPaint.value&sortDir=desc`,
    },
    { name: 'issues seo', path: `${base}/issues?category=seo` },
    { name: 'seo/duplicate-content', path: `${base}/seo/duplicate-content` },
    {
      name: 'seo/duplicate-content type',
      path: `${base}/seo/duplicate-content?type=content&sortBy=similarity`,
    },
    { name: 'seo/duplicate-content search', path: `${base}/seo/duplicate-content?search=museums` },
    {
      name: 'seo/duplicate-content section',
      path: `${base}/seo/duplicate-content?sectionId=${site.sectionId}`,
    },
    {
      name: 'seo/duplicate-content deep page',
      path: `${base}/seo/duplicate-content?page=${lastPage(PAGES / 20)}`,
    },
    { name: 'seo/duplicate-content/:dupeId', path: `${base}/seo/duplicate-content/bench-dupe-42` },
    { name: 'seo/orphaned-pages', path: `${base}/seo/orphaned-pages` },
    { name: 'seo/orphaned-pages search', path: `${base}/seo/orphaned-pages?search=museums` },
    {
      name: 'seo/orphaned-pages sort score',
      path: `${base}/seo/orphaned-pages?sortBy=seoScore&sortDir=desc`,
    },
    { name: 'seo/orphaned-pages section', path: `${base}/seo/orphaned-pages?sectionId=${site.sectionId}` },
    { name: 'seo/health', path: `${base}/seo/health` },
    { name: 'inventory', path: `${base}/inventory` },
    { name: 'inventory section', path: `${base}/inventory?sectionId=${site.sectionId}` },
    { name: 'inventory email', path: `${base}/inventory/email` },
    { name: 'inventory email search', path: `${base}/inventory/email?search=riverbend` },
    {
      name: 'inventory email sort occurrences',
      path: `${base}/inventory/email?sortBy=totalCount&sortDir=desc`,
    },
    { name: 'inventory email section', path: `${base}/inventory/email?sectionId=${site.sectionId}` },
    { name: 'inventory email deep page', path: `${base}/inventory/email?page=${lastPage(PAGES / 10)}` },
    { name: 'inventory telephone', path: `${base}/inventory/telephone?sortBy=valid` },
    { name: 'inventory media', path: `${base}/inventory/media?sortBy=size&sortDir=desc` },
    { name: 'inventory email pages', path: `${base}/inventory/email/bench-contact-2` },
    { name: 'inventory pdf pages', path: `${base}/inventory/pdfs/bench-document-1?sortBy=pageTitle` },
    ...contentQualityCases(base, site, lastPage),
    ...searchCases(base, site),
    ...dictionaryCases(base, site),
    { name: 'uptime 24h', path: `${base}/performance/uptime?period=24h` },
    { name: 'uptime 7d', path: `${base}/performance/uptime?period=7d` },
    { name: 'uptime 30d', path: `${base}/performance/uptime?period=30d` },
  ]
}

/**
 * Global search: a rare term (one page, its links), a term in a sixth of the titles (counted up to the
 * limit), a term in every URL, an e-mail domain, a telephone prefix, one group paged, and a section.
 */
function searchCases(base: string, site: SeededSite): Case[] {
  const search = `${base}/search`
  return [
    { name: 'search rare', path: `${search}?search=page-4242` },
    { name: 'search title', path: `${search}?search=museums` },
    { name: 'search every url', path: `${search}?search=bench.example` },
    { name: 'search e-mail', path: `${search}?search=person-12` },
    { name: 'search telephone', path: `${search}?search=%2B4420` },
    { name: 'search group page', path: `${search}?search=libraries&group=pages&page=3&pageSize=25` },
    { name: 'search section', path: `${search}?search=gardens&sectionId=${site.sectionId}` },
  ]
}

/** Misspellings, a misspelling's pages, malicious links and a dictionary's words. */
function dictionaryCases(base: string, site: SeededSite): Case[] {
  const misspellingPages = `${base}/content-quality/pages-affected-by-a-misspelling/bench-misspelling-1`
  return [
    { name: 'misspellings', path: `${base}/content-quality/misspellings` },
    { name: 'misspellings search', path: `${base}/content-quality/misspellings?search=recieve-4` },
    {
      name: 'misspellings sort word',
      path: `${base}/content-quality/misspellings?sortBy=entryTitle&sortDir=asc`,
    },
    {
      name: 'misspellings section',
      path: `${base}/content-quality/misspellings?sectionId=${site.sectionId}`,
    },
    { name: 'misspelling pages', path: misspellingPages },
    { name: 'misspelling pages section', path: `${misspellingPages}?sectionId=${site.sectionId}` },
    { name: 'malicious links', path: `${base}/content-quality/malicious-links` },
    { name: 'malicious links sort type', path: `${base}/content-quality/malicious-links?sortBy=webRiskType` },
    {
      name: 'malicious links section',
      path: `${base}/content-quality/malicious-links?sectionId=${site.sectionId}`,
    },
    { name: 'dictionaries', path: `${base}/dictionaries` },
    { name: 'dictionary words', path: `${base}/dictionary/en?search=brand1` },
  ]
}

function cookieFor(site: SeededSite, as: Case['as']): Record<string, string> {
  if (as === 'anonymous') return {}
  const token = as === 'outsider' ? site.outsiderToken : site.memberToken
  return { cookie: `canopy_session=${token}` }
}

/** A route that does not exist yet answers Fastify's "Route GET … not found": skipped, not measured. */
async function isServed(origin: string, testCase: Case, site: SeededSite): Promise<boolean> {
  const response = await fetch(`${origin}${testCase.path}`, { headers: cookieFor(site, testCase.as) })
  const body = await response.text()
  return !(response.status === 404 && body.includes('Route GET'))
}

interface CaseResult {
  name: string
  served: boolean
  requests?: number
  perSecond?: number
  p50?: number
  p95?: number
  p99?: number
  serverCpuMsPerRequest?: number
  statuses?: Record<number, number>
}

function formatRow(result: CaseResult): string {
  if (!result.served) return `${result.name.padEnd(30)} not served yet`
  const ms = (value = Number.NaN) => `${value.toFixed(1).padStart(7)} ms`
  const statuses = Object.entries(result.statuses ?? {})
    .map(([status, count]) => `${status}×${count}`)
    .join(' ')
  const flag = (result.p95 ?? 0) > TARGET_P95_MS ? '  > target' : ''
  const cpu = `${(result.serverCpuMsPerRequest ?? Number.NaN).toFixed(2).padStart(6)} ms`
  return `${result.name.padEnd(30)} ${String(Math.round(result.perSecond ?? 0)).padStart(6)}/s ${ms(result.p50)} ${ms(result.p95)} ${ms(result.p99)} ${cpu}  ${statuses}${flag}`
}

async function measureCases(origin: string, site: SeededSite, apiPid: number): Promise<CaseResult[]> {
  const results: CaseResult[] = []
  log(
    `\n${'case'.padEnd(30)} ${'answers'.padStart(8)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p99'.padStart(10)} ${'API CPU'.padStart(9)}  statuses`,
  )
  for (const testCase of siteCases(site)) {
    if (ONLY && !testCase.name.includes(ONLY)) continue
    if (!(await isServed(origin, testCase, site))) {
      results.push({ name: testCase.name, served: false })
      log(formatRow(results.at(-1) as CaseResult))
      continue
    }
    const load = await runLoad({
      url: `${origin}${testCase.path}`,
      headers: cookieFor(site, testCase.as),
      clients: CLIENTS,
      durationMs: SECONDS * 1000,
      warmupMs: WARMUP_SECONDS * 1000,
      serverPid: apiPid,
    })
    results.push({ name: testCase.name, served: true, ...load })
    log(formatRow(results.at(-1) as CaseResult))
  }
  return results
}

interface ExportResult {
  served: boolean
  rows?: number
  seconds?: number
  rowsPerSecond?: number
  megabytes?: number
  peakRssMb?: number
  idleRssMb?: number
}

/** Streams the whole pages list as CSV, counting rows as they arrive, while sampling the API's RSS. */
async function measureExport(origin: string, site: SeededSite, apiPid: number): Promise<ExportResult> {
  const url = new URL(`${origin}/api/v1/sites/${SITE_SLUG}/pages/export?type=accessibility&format=csv`)
  const idleRss = await readRss(apiPid)
  const sampler = startRssSampler(apiPid)
  const started = performance.now()
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(url, { headers: cookieFor(site, 'member') }, resolve).on('error', reject)
  })
  if (response.statusCode === 404) {
    response.resume()
    await sampler.stop()
    return { served: false }
  }
  let newlines = 0
  let bytes = 0
  response.on('data', (chunk: Buffer) => {
    bytes += chunk.length
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) newlines += 1
  })
  await once(response, 'end')
  const seconds = (performance.now() - started) / 1000
  const peak = await sampler.stop()
  const rows = Math.max(0, newlines - 1)
  return {
    served: response.statusCode === 200,
    rows,
    seconds,
    rowsPerSecond: rows / seconds,
    megabytes: bytes / 1024 / 1024,
    peakRssMb: peak / 1024 / 1024,
    idleRssMb: idleRss / 1024 / 1024,
  }
}

function printExport(result: ExportResult): void {
  if (!result.served) {
    log('\nCSV export of the pages list: not served yet')
    return
  }
  log(
    `\nCSV export of the pages list: ${result.rows} rows, ${result.megabytes?.toFixed(1)} MB in ${result.seconds?.toFixed(2)} s = ` +
      `${Math.round(result.rowsPerSecond ?? 0)} rows/s; API RSS ${result.idleRssMb?.toFixed(0)} MB before, peak ${result.peakRssMb?.toFixed(0)} MB`,
  )
}

async function main(): Promise<void> {
  log(
    `api-lists: ${availableParallelism()} cores, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
  log(
    `site: ${SIZES.pages} pages, ${SIZES.pages * SIZES.linksPerPage} link occurrences, ${SIZES.pages * SIZES.issuesPerPage} page issues, ${SIZES.documents} documents`,
  )
  const prisma = await prepareDatabase()
  const site = await prepareRun(asSql(prisma))
  await prisma.$disconnect()
  const port = await freePort()
  const api = await startApi(port)
  const origin = `http://127.0.0.1:${port}`
  try {
    log(`${CLIENTS} clients, ${SECONDS} s per case after ${WARMUP_SECONDS} s of warm-up; API pid ${api.pid}`)
    const cases = await measureCases(origin, site, api.pid ?? 0)
    const exported =
      ONLY && ONLY !== 'export' ? { served: false } : await measureExport(origin, site, api.pid ?? 0)
    printExport(exported)
    log(
      `load average at the end ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    )
    await mkdir(join(ROOT, 'bench/results'), { recursive: true })
    const file = join(
      ROOT,
      `bench/results/api-lists-${PAGES}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    )
    await writeFile(
      file,
      JSON.stringify({ sizes: SIZES, clients: CLIENTS, seconds: SECONDS, cases, exported }, null, 2),
    )
    log(`figures saved in ${file}`)
  } finally {
    api.kill('SIGTERM')
    await once(api, 'exit')
  }
}

await main()
