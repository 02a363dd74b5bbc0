import type { CheckSiteUrlPayload, CheckSiteUrlResult } from '@canopy/contracts'
import { fetchRobots } from '../crawl/discover.js'
import { checkRoot, describeRootAnswer, SiteUnreachableError } from '../crawl/root-check.js'
import { getScanRuntime } from './scan-runtime.js'

export const CHECK_MESSAGES = {
  ok: 'The site answers and its robots.txt lets the scanner read it.',
  robotsDisallow:
    "The site answers, but its robots.txt asks bots not to fetch its root: its pages will not be scanned unless robots.txt respect is turned off in the site's scan settings.",
  notAPage: (problem: string) => `The site answers, but ${problem}.`,
} as const

/**
 * A would-be site root, checked as a scan would start: one request through the network guard (an internal
 * address not allow-listed is refused, `blocked`), then robots.txt read for the scanner's user agent.
 */
export async function checkSiteUrl({ url }: CheckSiteUrlPayload): Promise<CheckSiteUrlResult> {
  const { config, guard } = getScanRuntime()
  const options = { userAgent: config.userAgent, timeoutMs: config.linkCheckTimeoutMs }
  try {
    const answer = await checkRoot(guard, url, options)
    const robots = await fetchRobots(guard, url, config.userAgent)
    const robotsAllowed = robots.isAllowed(url)
    const problem = describeRootAnswer(answer, url)
    const message = problem
      ? CHECK_MESSAGES.notAPage(problem)
      : robotsAllowed
        ? CHECK_MESSAGES.ok
        : CHECK_MESSAGES.robotsDisallow
    return {
      reachable: true,
      blocked: false,
      statusCode: answer.status,
      finalUrl: answer.finalUrl,
      robotsAllowed,
      message,
    }
  } catch (error) {
    if (!(error instanceof SiteUnreachableError)) throw error
    const noAnswer = { reachable: false, statusCode: null, finalUrl: null, robotsAllowed: null }
    return { ...noAnswer, blocked: error.blocked, message: error.message }
  }
}
