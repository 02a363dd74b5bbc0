import { parseScanArgs, type ScanOptions, USAGE, UsageError } from './args.js'
import { type ApiClient, ApiError, createApiClient } from './client.js'
import { type Baseline, evaluateGates, formatReport, type NewIssue, type Scores } from './gate.js'
import { readSinglePageAnswer, waitForSinglePageAnswer } from './single-page.js'

export const EXIT = { passed: 0, gateFailed: 1, error: 2 } as const

export interface RunContext {
  env: Record<string, string | undefined>
  out: (text: string) => void
  err: (text: string) => void
  fetch?: typeof fetch
  /** how long to wait between two status polls */
  pollMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Starts the scan and waits for it: the scan's id is the active one until it is the last finished. */
async function waitForScan(
  api: ApiClient,
  options: ScanOptions & { site: string },
  scanId: string,
  context: RunContext,
) {
  const deadline = Date.now() + options.timeoutSeconds * 1000
  for (;;) {
    const status = await api.scanStatus(options.site)
    const finished = status.lastFinished?.id === scanId ? status.lastFinished : null
    // A page scan is not the site's active or last full scan: ask for it by id.
    const own =
      finished ?? (status.active?.id === scanId ? status.active : await api.scan(options.site, scanId))
    if (own.state === 'completed') return
    if (own.state === 'failed') throw new ApiError(0, `the scan failed: ${own.error ?? 'no reason given'}`)
    if (Date.now() > deadline)
      throw new ApiError(0, `the scan did not finish within ${options.timeoutSeconds} s`)
    if (!options.json) context.err(`scan ${own.state}, ${own.progress}%`)
    await sleep(context.pollMs ?? 5000)
  }
}

interface ScanOutcome {
  scanId: string
  scores: Scores
  newIssues: NewIssue[]
  baseline: Baseline
}

/** The site (or one page of it) scanned, then its latest scores and the issues new since its previous scan. */
async function scanSite(
  options: ScanOptions & { site: string },
  context: RunContext,
  api: ApiClient,
): Promise<ScanOutcome> {
  const { scanId } = options.url
    ? await api.startPageScan(options.site, options.url)
    : await api.startSiteScan(options.site)
  await waitForScan(api, options, scanId, context)
  const scores = await api.latestScores(options.site)
  const newIssues = await api.newFailedIssues(options.site)
  return { scanId, scores, newIssues, baseline: 'previous-scan' }
}

/** One page anywhere scanned on its own: its scores and every failed issue on it. */
async function scanOnePage(url: string, options: ScanOptions, context: RunContext, api: ApiClient) {
  const started = await api.startSinglePageScan(url)
  if (!started.id) throw new ApiError(0, 'the API did not queue the scan')
  if (!options.json) context.err(`scan ${started.id} queued`)
  const answer = await waitForSinglePageAnswer(
    { baseUrl: context.env.CANOPY_URL ?? '', token: context.env.CANOPY_TOKEN ?? '' },
    started.id,
    options.timeoutSeconds,
  )
  const { scores, failed } = readSinglePageAnswer(answer)
  return { scanId: started.id, scores, newIssues: failed, baseline: 'none' as const }
}

async function scanAndGate(options: ScanOptions, context: RunContext, api: ApiClient): Promise<number> {
  const subject = options.site ?? options.url ?? ''
  const { scanId, scores, newIssues, baseline } = options.site
    ? await scanSite({ ...options, site: options.site }, context, api)
    : await scanOnePage(subject, options, context, api)
  const gate = evaluateGates(options, scores, newIssues, baseline)
  if (options.json) {
    const target = options.site ? { site: options.site } : { url: options.url }
    context.out(JSON.stringify({ ...target, scanId, scores, newIssues, ...gate }, null, 2))
  } else context.out(formatReport(subject, scores, newIssues, gate, baseline))
  return gate.passed ? EXIT.passed : EXIT.gateFailed
}

/** The whole CLI: parse, check the environment, scan, gate. Returns the exit code. */
export async function runCli(argv: string[], context: RunContext): Promise<number> {
  try {
    const options = parseScanArgs(argv)
    const baseUrl = context.env.CANOPY_URL
    const token = context.env.CANOPY_TOKEN
    if (!baseUrl || !token) throw new UsageError('set CANOPY_URL and CANOPY_TOKEN')
    return await scanAndGate(options, context, createApiClient(baseUrl, token, context.fetch))
  } catch (error) {
    if (error instanceof UsageError) {
      context.err(`canopy: ${error.message}\n\n${USAGE}`)
      return EXIT.error
    }
    if (error instanceof ApiError || error instanceof TypeError) {
      const reach = error instanceof TypeError ? `could not reach ${context.env.CANOPY_URL}: ` : ''
      context.err(`canopy: ${reach}${error.message}`)
      return EXIT.error
    }
    throw error
  }
}
