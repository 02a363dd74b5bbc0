import { randomBytes } from 'node:crypto'
import { type EngineId, enqueueJob, JOBS } from '@canopy/contracts'
import { createScan, type PrismaClient } from '@canopy/db'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'

/**
 * The worker environment of the scan tests: the fixture site on 127.0.0.1 allow-listed, short timeouts so the
 * planted hanging pages fail quickly, Lighthouse off (its own tests run it); `extra` adds or overrides.
 */
export function scanTestEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    SCAN_LIGHTHOUSE: '0',
    CANOPY_SCAN_ALLOW_HOSTS: '127.0.0.1',
    SCAN_PAGE_TIMEOUT_MS: '8000',
    LINK_CHECK_TIMEOUT_MS: '3000',
    ...extra,
  }
}

export function randomSuffix() {
  return randomBytes(4).toString('hex')
}

/**
 * An organisation and a site whose root is the fixture site, with the site's custom dictionary words. The site
 * runs axe alone unless `engines` names more: the scan tests are about crawling, sign-in, sections and limits,
 * and the other engines and Canopy's checks cost most of a page's time; scan-fixture-site.test.ts and the
 * engines' own tests run them all.
 */
export async function createFixtureSiteRow(
  prisma: PrismaClient,
  rootUri: string,
  options: {
    pageLimit?: number
    dictionaryWords?: readonly { word: string; language: string | null }[]
    engines?: readonly EngineId[]
  } = {},
) {
  const suffix = randomSuffix()
  const organisation = await prisma.organisation.create({
    data: { slug: `scan-org-${suffix}`, name: `Scan org ${suffix}` },
  })
  const site = await prisma.site.create({
    data: {
      slug: `scan-site-${suffix}`,
      siteName: `Fixture ${suffix}`,
      rootUri,
      organisationId: organisation.id,
      maximumPageLimitPerScan: options.pageLimit ?? 100,
      accessibilityEngines: [...(options.engines ?? ['axe'])],
    },
  })
  await addDictionaryWords(prisma, site.id, options.dictionaryWords ?? [])
  return site
}

/** Words for the site's custom dictionaries, one dictionary per language. */
export async function addDictionaryWords(
  prisma: PrismaClient,
  siteId: string,
  words: readonly { word: string; language: string | null }[],
) {
  for (const { word, language } of words) {
    const dictionary =
      (await prisma.dictionary.findFirst({ where: { siteId, language } })) ??
      (await prisma.dictionary.create({ data: { siteId, language } }))
    await prisma.dictionaryWord.create({ data: { dictionaryId: dictionary.id, word } })
  }
}

/** A queue of the scan queues on `prefix`, open for the time `use` takes. */
async function withScanQueue<T>(
  redisUrl: string,
  prefix: string,
  name: string,
  use: (queue: Queue) => Promise<T>,
): Promise<T> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null })
  const queue = new Queue(name, { connection, prefix })
  try {
    return await use(queue)
  } finally {
    await queue.close()
    await connection.quit()
  }
}

/** Creates a site scan and puts its discovery job on the queue, as the API does. */
export async function startSiteScan(
  prisma: PrismaClient,
  siteId: string,
  pageLimit: number,
  redisUrl: string,
  prefix: string,
  /** a page scan of this one URL instead of a site scan */
  individualUrl?: string,
) {
  const scan = await createScan(prisma, {
    siteId,
    kind: individualUrl ? 'page' : 'site',
    requestedById: null,
    pageLimit,
    individualUrl,
  })
  await withScanQueue(redisUrl, prefix, JOBS.scanSite.queue, (queue) =>
    enqueueJob({ get: () => queue }, JOBS.scanSite, { scanId: scan.id }),
  )
  return scan
}

/**
 * Queues a scan's finalize-scan job again, as the last page of a scan queues it; the job of an earlier finalize
 * of that scan is removed first, since the job's id is the scan's.
 */
export async function requeueFinalizeScan(redisUrl: string, prefix: string, scanId: string) {
  await withScanQueue(redisUrl, prefix, JOBS.finalizeScan.queue, async (queue) => {
    const jobId = JOBS.finalizeScan.jobId?.({ scanId })
    if (jobId) await (await queue.getJob(jobId))?.remove()
    await enqueueJob({ get: () => queue }, JOBS.finalizeScan, { scanId })
  })
}

/** How a scan's finalize-scan job went: its attempts, the times it stalled, why it last failed. */
export async function readFinalizeScanJob(redisUrl: string, prefix: string, scanId: string) {
  return withScanQueue(redisUrl, prefix, JOBS.finalizeScan.queue, async (queue) => {
    const job = await queue.getJob(JOBS.finalizeScan.jobId?.({ scanId }) ?? '')
    if (!job) return null
    return {
      attempts: job.attemptsMade,
      started: job.attemptsStarted,
      stalls: job.stalledCounter,
      failedReason: job.failedReason ?? null,
    }
  })
}

export async function waitForScanState(
  prisma: PrismaClient,
  scanId: string,
  predicate: (scan: {
    state: string
    pagesScanned: number
    pagesFailed: number
    pagesQueued: number
  }) => boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const scan = await prisma.scan.findUniqueOrThrow({ where: { id: scanId } })
    if (predicate(scan)) return scan
    if (scan.state === 'failed') throw new Error(`scan failed: ${scan.error}`)
    if (Date.now() > deadline) throw new Error(`timed out waiting for scan: ${JSON.stringify(scan)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
