import { WebRiskSecretsSchema } from '@canopy/contracts'
import {
  createSecretBox,
  deleteExpiredWebRiskVerdicts,
  findCurrentWebRiskVerdicts,
  findWebRiskIntegration,
  listExternalLinkUrls,
  openStoredSecret,
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
  config: Pick<WorkerConfig, 'webRiskBaseUrl' | 'linkCheckTimeoutMs' | 'secretsKey'>
}

const WebRiskConfigSchema = z.object({ baseUrl: z.url({ protocol: /^https?$/ }).optional() })

/**
 * The site's Web Risk settings when its integration is on and has a key; null otherwise. The key is stored
 * sealed with the secret box (plain when stored before sealing, until the API next rewrites it).
 */
async function webRiskSettingsOf(prisma: PrismaClient, runtime: WebRiskRuntime, siteId: string) {
  const integration = await findWebRiskIntegration(prisma, siteId)
  if (!integration?.enabled) return null
  const stored = WebRiskSecretsSchema.safeParse(integration.secrets).data?.apiKey
  const apiKey = openStoredSecret(createSecretBox(runtime.config.secretsKey), stored)
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
  // A key that cannot be opened (no CANOPY_SECRETS_KEY, or another one) skips the check like a refusal.
  const settings = await webRiskSettingsOf(prisma, runtime, siteId).catch((error: unknown) => {
    logger.warn(
      { siteId, err: error },
      'the Web Risk key could not be opened; the links are left as they were',
    )
    return null
  })
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
