import { randomUUID } from 'node:crypto'
import {
  CheckSiteUrlResultSchema,
  type CheckUrlResponse,
  enqueueJob,
  JOBS,
  jobAddOptions,
} from '@canopy/contracts'
import type { Job } from 'bullmq'
import { badRequest } from '../http-errors.js'
import type { QueueRegistry } from '../plugins/app/queues.js'

export const CHECK_URL_TIMEOUT_MS = 20_000
const POLL_MS = 250
export const CHECK_URL_NO_ANSWER_MESSAGE =
  'The address could not be checked: no scanner answered in time. You can still add the site; its first scan will tell.'

/**
 * Checks a would-be site root the way the scanner reaches it: the API only asks (a check-site-url job) and the
 * worker answers through its network guard and its allow-list (CANOPY_SCAN_ALLOW_HOSTS), so the API never
 * fetches a user's address itself. An address the guard refuses is a 400 on `url`; no answer in time is said so.
 */
export async function checkSiteUrl(
  queues: QueueRegistry,
  url: string,
  { timeoutMs = CHECK_URL_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<CheckUrlResponse> {
  const payload = { checkId: randomUUID(), url }
  await enqueueJob(queues, JOBS.checkSiteUrl, payload)
  const queue = queues.get(JOBS.checkSiteUrl.queue)
  const jobId = jobAddOptions(JOBS.checkSiteUrl, payload).jobId ?? payload.checkId
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    // The state is read before the job: a job read first and finished in between would say "completed"
    // while holding no return value yet.
    const state = await queue.getJobState(jobId)
    if (state === 'completed') return answerOf(await queue.getJob(jobId))
    if (state === 'failed') break
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  await queue.remove(jobId).catch(() => 0)
  return {
    reachable: false,
    statusCode: null,
    finalUrl: null,
    robotsAllowed: null,
    message: CHECK_URL_NO_ANSWER_MESSAGE,
  }
}

/** The worker's answer: an address its guard refused is a 400 on `url`, anything else is said as it is. */
function answerOf(job: Job | undefined): CheckUrlResponse {
  const result = CheckSiteUrlResultSchema.parse(job?.returnvalue)
  if (result.blocked) throw badRequest('url', result.message)
  const { blocked: _blocked, ...answer } = result
  return answer
}
