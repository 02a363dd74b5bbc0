import {
  API_KEY_NOT_SET,
  API_KEY_SET,
  type ExportFormat,
  INTEGRATION_REQUIRED_MESSAGE,
  MALICIOUS_LINK_DEFAULT_SORT,
  type MaliciousLinkListItem,
  type MaliciousLinksQuery,
  type PagedList,
  type UpdateWebRiskSettingsRequest,
  WebRiskSecretsSchema,
  type WebRiskSettings,
} from '@canopy/contracts'
import {
  findWebRiskIntegration,
  isSealedSecret,
  iterateListBatches,
  type MaliciousLinkListRow,
  maliciousLinkList,
  maliciousLinkSort,
  type PrismaClient,
  type SecretBox,
  saveWebRiskIntegration,
} from '@canopy/db'
import { badRequest } from '../http-errors.js'
import { type ListExport, mapBatches } from '../lib/list-export.js'
import { MALICIOUS_LINK_EXPORT_COLUMNS, presentMaliciousLink } from '../presenters/content-quality-terms.js'
import {
  chooseSort,
  EXPORT_BATCH_SIZE,
  findPresentedPage,
  resolveSectionScope,
  searchTerm,
} from './list-scope.js'

// The web-risk integration's settings and the malicious links its checks found.

/** The API key the integration's secrets hold (sealed, or plain when stored before sealing), if any. */
function storedApiKey(secrets: unknown): string | undefined {
  const parsed = WebRiskSecretsSchema.safeParse(secrets)
  return parsed.success ? parsed.data.apiKey : undefined
}

function presentWebRiskSettings(enabled: boolean, hasKey: boolean): WebRiskSettings {
  return { enabled, apiKey: hasKey ? API_KEY_SET : API_KEY_NOT_SET, apiKeySet: hasKey }
}

/**
 * The key itself never leaves the server: only whether one is stored. A key stored plain (before keys were
 * sealed) is sealed and written back on this read, so the database holds none in the clear for long.
 */
export async function getWebRiskSettings(
  prisma: PrismaClient,
  box: SecretBox,
  siteId: string,
): Promise<WebRiskSettings> {
  const integration = await findWebRiskIntegration(prisma, siteId)
  const apiKey = storedApiKey(integration?.secrets)
  if (integration && apiKey && !isSealedSecret(apiKey) && box.available) {
    const secrets = { ...(integration.secrets as object), apiKey: box.seal(apiKey) }
    await saveWebRiskIntegration(prisma, siteId, { enabled: integration.enabled, secrets })
  }
  return presentWebRiskSettings(integration?.enabled ?? false, Boolean(apiKey))
}

/**
 * A key given is sealed and replaces the stored one, a blank one keeps it; turning the check on needs a key
 * ('Required').
 */
export async function updateWebRiskSettings(
  prisma: PrismaClient,
  box: SecretBox,
  siteId: string,
  body: UpdateWebRiskSettingsRequest,
): Promise<WebRiskSettings> {
  const integration = await findWebRiskIntegration(prisma, siteId)
  const stored = storedApiKey(integration?.secrets)
  if (body.enabled && !body.apiKey && !stored) throw badRequest('apiKey', INTEGRATION_REQUIRED_MESSAGE)
  const apiKey = body.apiKey
    ? box.seal(body.apiKey)
    : stored && (isSealedSecret(stored) ? stored : box.seal(stored))
  const secrets = { ...((integration?.secrets as object | null) ?? {}), ...(apiKey ? { apiKey } : {}) }
  await saveWebRiskIntegration(prisma, siteId, { enabled: body.enabled, secrets })
  return presentWebRiskSettings(body.enabled, Boolean(apiKey))
}

type MaliciousLinksFilterQuery = Omit<MaliciousLinksQuery, 'page' | 'pageSize'>

async function maliciousLinksOf(prisma: PrismaClient, siteId: string, query: MaliciousLinksFilterQuery) {
  const sectionId = await resolveSectionScope(prisma, siteId, query.sectionId)
  const { sortBy, sortDir } = chooseSort(query, MALICIOUS_LINK_DEFAULT_SORT)
  const isInternal = query.view === 'internal' ? true : query.view === 'external' ? false : undefined
  return {
    list: maliciousLinkList({ siteId, sectionId, isInternal, search: searchTerm(query.search) }),
    sort: maliciousLinkSort({ sectionId }, sortBy, sortDir),
  }
}

export async function listMaliciousLinks(
  prisma: PrismaClient,
  siteId: string,
  query: MaliciousLinksQuery,
): Promise<PagedList<MaliciousLinkListItem>> {
  const { list, sort } = await maliciousLinksOf(prisma, siteId, query)
  return findPresentedPage(prisma, { list, sort }, query, (rows: MaliciousLinkListRow[]) =>
    rows.map(presentMaliciousLink),
  )
}

export async function exportMaliciousLinks(
  prisma: PrismaClient,
  access: { siteId: string; slug: string },
  query: MaliciousLinksFilterQuery & { format: ExportFormat },
): Promise<ListExport<MaliciousLinkListItem>> {
  const { list, sort } = await maliciousLinksOf(prisma, access.siteId, query)
  const batches = iterateListBatches<MaliciousLinkListRow>(prisma, list, sort, EXPORT_BATCH_SIZE)
  return {
    filename: `${access.slug}-malicious-links`,
    columns: MALICIOUS_LINK_EXPORT_COLUMNS,
    batches: mapBatches(batches, (rows) => rows.map(presentMaliciousLink)),
  }
}
