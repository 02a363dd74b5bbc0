import { parseScanArgs, type ScanOptions, USAGE, UsageError } from './args.js'
import { type ApiClient, ApiError, createApiClient } from './client.js'
import { evaluateGates, formatReport } from './gate.js'

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
async function waitForScan(api: ApiClient, options: ScanOptions, scanId: string, context: RunContext) {
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

async function scanAndGate(options: ScanOptions, context: RunContext, api: ApiClient): Promise<number> {
  const { scanId } = options.url
    ? await api.startPageScan(options.site, options.url)
    : await api.startSiteScan(options.site)
  await waitForScan(api, options, scanId, context)
  const scores = await api.latestScores(options.site)
  const newIssues = await api.newFailedIssues(options.site)
  const gate = evaluateGates(options, scores, newIssues)
  if (options.json) {
    context.out(JSON.stringify({ site: options.site, scanId, scores, newIssues, ...gate }, null, 2))
  } else context.out(formatReport(options.site, scores, newIssues, gate))
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
