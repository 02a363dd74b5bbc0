import type { Audit, CategoryResult, LighthousePagePayload, ScanJobProgress } from '@canopy/contracts'
import type { Prisma } from '@canopy/db'
import { UnrecoverableError } from 'bullmq'
import { type LighthouseResult, type RunLighthouseOptions, runLighthouse } from '../lighthouse/index.js'
import type { JobContext } from './define-job.js'
import { enqueueFinalizeIfReady } from './scan-enqueue.js'

export interface LighthousePageResult {
  pageId: string
  performanceScore: number | null
  failed: number
  stored: number
  lighthouseVersion: string
}

type Outcome = 'failed' | 'manual' | 'passed' | 'not_applicable'

const OUTCOMES: [keyof CategoryResult['audits'], Outcome][] = [
  ['failed', 'failed'],
  ['manual', 'manual'],
  ['passed', 'passed'],
  ['notApplicable', 'not_applicable'],
]

function toIssueRow(audit: Audit, outcome: Outcome) {
  return {
    title: audit.title,
    description: audit.description,
    issueLevel: audit.issueLevel,
    outcome,
    wcagCriteria: audit.wcag,
    auditGroup: audit.group ?? null,
    score: audit.score,
    nodeCount: audit.nodeCount,
    details: (audit.details ?? undefined) as Prisma.InputJsonValue | undefined,
  }
}

async function reportProgress(context: JobContext, progress: ScanJobProgress): Promise<void> {
  await context.job.updateProgress(progress)
}

/**
 * Runs our tuned Lighthouse on one page of a scan and stores the performance category: one PageIssue per
 * listed audit (upserted by page, category and audit, so a retried job rewrites rather than duplicates),
 * audits no longer reported removed, and the page's score, metrics and failed count. Counting the page as
 * done on the scan is guarded by ScanUrl.lighthouseDone, so a retry never counts it twice.
 */
export async function runLighthousePage(
  payload: LighthousePagePayload,
  context: JobContext,
  /** a runner keeping a child ready (see lighthouse-page.ts); default one fresh child per run */
  run: (options: RunLighthouseOptions) => Promise<LighthouseResult> = runLighthouse,
): Promise<LighthousePageResult> {
  const { prisma, logger } = context
  const page = await prisma.page.findUnique({
    where: { id: payload.pageId },
    select: { id: true, siteId: true },
  })
  // The page was deleted (site removed) while the job waited: nothing to store, and a retry cannot help.
  if (!page) throw new UnrecoverableError(`page ${payload.pageId} no longer exists`)

  await reportProgress(context, { scanId: payload.scanId, stage: 'lighthouse', percent: 10 })
  const started = performance.now()
  const result = await run({ url: payload.url, formFactor: 'desktop', mode: 'tuned' })
  logger.info(
    { url: payload.url, ms: Math.round(performance.now() - started), score: result.performance.score },
    'lighthouse finished',
  )
  await reportProgress(context, { scanId: payload.scanId, stage: 'storing', percent: 90 })

  const category = result.performance
  const issueIds: string[] = []
  const writes: Prisma.PrismaPromise<unknown>[] = []
  for (const [group, outcome] of OUTCOMES) {
    for (const audit of category.audits[group]) {
      issueIds.push(audit.id)
      const row = toIssueRow(audit, outcome)
      writes.push(
        prisma.pageIssue.upsert({
          where: { pageId_category_issueId: { pageId: page.id, category: 'performance', issueId: audit.id } },
          create: {
            ...row,
            siteId: page.siteId,
            pageId: page.id,
            scanId: payload.scanId,
            category: 'performance',
            issueId: audit.id,
          },
          update: { ...row, scanId: payload.scanId },
        }),
      )
    }
  }
  await prisma.$transaction([
    ...writes,
    // Audits an earlier Lighthouse reported but this one does not (renamed, removed) would linger as stale issues.
    prisma.pageIssue.deleteMany({
      where: { pageId: page.id, category: 'performance', issueId: { notIn: issueIds } },
    }),
    prisma.page.update({
      where: { id: page.id },
      data: {
        performanceScore: category.score,
        performanceMetrics: result.metrics as unknown as Prisma.InputJsonValue,
        numberOfPerformanceIssuesFailed: category.audits.failed.length,
      },
    }),
  ])
  await countLighthouseDone(context, payload)
  await reportProgress(context, { scanId: payload.scanId, stage: 'done', percent: 100 })
  return {
    pageId: page.id,
    performanceScore: category.score,
    failed: category.audits.failed.length,
    stored: issueIds.length,
    lighthouseVersion: result.lighthouseVersion,
  }
}

/**
 * Marks the page's Lighthouse as done on its scan, once (only the update that flips the flag counts), then
 * finalizes the scan if this was the last thing it waited for. Also called when every attempt failed, so a
 * page Lighthouse cannot measure never holds its scan open.
 */
export async function countLighthouseDone(
  { prisma }: Pick<JobContext, 'prisma'>,
  payload: LighthousePagePayload,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const flipped = await tx.scanUrl.updateMany({
      where: { scanId: payload.scanId, url: payload.url, lighthouseDone: false },
      data: { lighthouseDone: true },
    })
    if (flipped.count > 0) {
      await tx.scan.update({ where: { id: payload.scanId }, data: { lighthouseDone: { increment: 1 } } })
    }
  })
  await enqueueFinalizeIfReady(prisma, payload.scanId)
}
