import { WebRiskSecretsSchema } from '@canopy/contracts'
import {
  deleteExpiredWebRiskVerdicts,
  findCurrentWebRiskVerdicts,
  findWebRiskIntegration,
  listExternalLinkUrls,
  type PrismaClient,
  storeWebRiskVerdicts,
  updateLinkRiskTypes,
} from '@canopy/db'
import { z } from 'zod'
import { checkUrlsWithWebRisk, WebRiskRequestError } from '../audits/web-risk/index.js'
import type { WorkerConfig } from '../config.js'
import type { ScanRuntime } from './scan-runtime.js'

/** What the check needs of the scan's runtime: its network guard and two settings. */
type WebRiskRuntime = Pick<ScanRuntime, 'guard'> & {
  config: Pick<WorkerConfig, 'webRiskBaseUrl' | 'linkCheckTimeoutMs'>
}

const WebRiskConfigSchema = z.object({ baseUrl: z.url({ protocol: /^https?$/ }).optional() })

/** The site's Web Risk settings when its integration is on and has a key; null otherwise. */
async function webRiskSettingsOf(prisma: PrismaClient, runtime: WebRiskRuntime, siteId: string) {
  const integration = await findWebRiskIntegration(prisma, siteId)
  if (!integration?.enabled) return null
  const apiKey = WebRiskSecretsSchema.safeParse(integration.secrets).data?.apiKey
  if (!apiKey) return null
  const baseUrl =
    WebRiskConfigSchema.safeParse(integration.config).data?.baseUrl ?? runtime.config.webRiskBaseUrl
  return { apiKey, baseUrl }
}

/**
 * The scan's external links searched in Web Risk's malware, social engineering and unwanted software lists
 * when the site's integration is on: each listed link gets its threat types as riskType (comma separated),
 * every other link checked is cleared. A refusal of the API (a wrong key, a quota) leaves the links as they
 * were and does not fail the scan: it is logged, and the next scan asks again.
 */
export async function checkScanLinksWithWebRisk(
  prisma: PrismaClient,
  runtime: WebRiskRuntime,
  { siteId, linkIds }: { siteId: string; linkIds: string[] },
  logger: { warn: (o: object, m: string) => void },
): Promise<number | null> {
  const settings = await webRiskSettingsOf(prisma, runtime, siteId)
  if (!settings) return null
  const urls = await listExternalLinkUrls(prisma, linkIds)
  const now = new Date()
  await deleteExpiredWebRiskVerdicts(prisma, now)
  let listed: Map<string, string[]>
  try {
    listed = await checkUrlsWithWebRisk(urls, {
      ...settings,
      guard: runtime.guard,
      timeoutMs: runtime.config.linkCheckTimeoutMs,
      cache: {
        find: (candidates) => findCurrentWebRiskVerdicts(prisma, candidates, now),
        store: (verdicts) => storeWebRiskVerdicts(prisma, verdicts),
      },
    })
  } catch (error) {
    // A refusal (WebRiskRequestError), no answer in time or a guard refusal: nothing is concluded.
    logger.warn(
      { siteId, err: error, status: error instanceof WebRiskRequestError ? error.status : undefined },
      'the Web Risk check of the scan’s links failed; the links are left as they were',
    )
    return null
  }
  const riskTypes = new Map([...listed].map(([url, types]) => [url, types.join(', ')]))
  await updateLinkRiskTypes(prisma, { siteId, checkedUrls: urls, riskTypes })
  return riskTypes.size
}
