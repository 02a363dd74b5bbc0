import {
  Ga4IntegrationConfigSchema,
  type Ga4Settings,
  INTEGRATION_REQUIRED_MESSAGE,
  IntegrationSecretsSchema,
  type JiraConnectionTest,
  type JiraSettings,
  type UpdateGa4SettingsRequest,
  type UpdateJiraSettingsRequest,
} from '@canopy/contracts'
import {
  clearPageViews,
  deleteAnalyticsReports,
  deleteIntegration,
  findIntegration,
  openStoredSecret,
  type PrismaClient,
  type SecretBox,
  saveIntegration,
} from '@canopy/db'
import { z } from 'zod'
import { badRequest } from '../http-errors.js'
import {
  fetchJiraAccount,
  fetchJiraProject,
  type JiraCredentials,
  JiraRequestError,
} from '../lib/jira-client.js'

// The issue tracker's and web analytics' settings. Their secrets (the tracker's API token, the analytics
// refresh token) are sealed with the secret box before they are stored and never sent back: answers say
// only whether one is stored.

const JiraConfigSchema = z.object({
  baseUrl: z.string().default(''),
  email: z.string().default(''),
  projectKey: z.string().default(''),
})
type JiraConfig = z.infer<typeof JiraConfigSchema>

const secretsOf = (secrets: unknown) => IntegrationSecretsSchema.safeParse(secrets).data ?? {}

/** The tracker's settings as stored: its config, and its sealed token. */
async function storedJira(prisma: PrismaClient, siteId: string) {
  const integration = await findIntegration(prisma, siteId, 'issue_tracker')
  return {
    enabled: integration?.enabled ?? false,
    config: JiraConfigSchema.parse(integration?.config ?? {}),
    sealedToken: secretsOf(integration?.secrets).apiKey,
  }
}

export async function getJiraSettings(prisma: PrismaClient, siteId: string): Promise<JiraSettings> {
  const stored = await storedJira(prisma, siteId)
  return { enabled: stored.enabled, ...stored.config, apiKeySet: Boolean(stored.sealedToken) }
}

/** Fields left out keep their stored value, a blank apiKey keeps the stored token. */
function mergeJiraConfig(stored: JiraConfig, body: UpdateJiraSettingsRequest): JiraConfig {
  return {
    baseUrl: (body.baseUrl ?? stored.baseUrl).replace(/\/+$/, ''),
    email: body.email ?? stored.email,
    projectKey: (body.projectKey ?? stored.projectKey).toUpperCase(),
  }
}

/** Turning the tracker on needs all four fields; the first one missing is named ('Required'). */
function assertJiraComplete(config: JiraConfig, hasToken: boolean) {
  const missing = (['baseUrl', 'email', 'apiKey', 'projectKey'] as const).find((field) =>
    field === 'apiKey' ? !hasToken : !config[field],
  )
  if (missing) throw badRequest(missing, INTEGRATION_REQUIRED_MESSAGE)
}

export async function updateJiraSettings(
  prisma: PrismaClient,
  box: SecretBox,
  siteId: string,
  body: UpdateJiraSettingsRequest,
): Promise<JiraSettings> {
  const stored = await storedJira(prisma, siteId)
  const config = mergeJiraConfig(stored.config, body)
  const sealedToken = body.apiKey ? box.seal(body.apiKey) : stored.sealedToken
  if (body.enabled) assertJiraComplete(config, Boolean(sealedToken))
  await saveIntegration(prisma, siteId, 'issue_tracker', {
    enabled: body.enabled,
    config,
    secrets: sealedToken ? { apiKey: sealedToken } : {},
  })
  return { enabled: body.enabled, ...config, apiKeySet: Boolean(sealedToken) }
}

/** The tracker's credentials and project when it is on and complete; null otherwise. */
export async function enabledJiraCredentials(
  prisma: PrismaClient,
  box: SecretBox,
  siteId: string,
): Promise<{ credentials: JiraCredentials; projectKey: string } | null> {
  const stored = await storedJira(prisma, siteId)
  const apiToken = openStoredSecret(box, stored.sealedToken)
  const { baseUrl, email, projectKey } = stored.config
  if (!stored.enabled || !apiToken || !baseUrl || !email || !projectKey) return null
  return { credentials: { baseUrl, email, apiToken }, projectKey }
}

/**
 * Signs in to the tracker with the settings given (the stored token when none is given) and reads the
 * project: what the settings screen's "Test connection" shows.
 */
export async function testJiraSettings(
  prisma: PrismaClient,
  box: SecretBox,
  siteId: string,
  body: UpdateJiraSettingsRequest,
): Promise<JiraConnectionTest> {
  const stored = await storedJira(prisma, siteId)
  const config = mergeJiraConfig(stored.config, body)
  const apiToken = body.apiKey || openStoredSecret(box, stored.sealedToken)
  assertJiraComplete(config, Boolean(apiToken))
  const credentials = { baseUrl: config.baseUrl, email: config.email, apiToken: apiToken ?? '' }
  try {
    const account = await fetchJiraAccount(credentials)
    const project = await fetchJiraProject(credentials, config.projectKey)
    return { ok: true, accountName: account.displayName, projectName: project.name, message: null }
  } catch (error) {
    if (!(error instanceof JiraRequestError)) throw error
    return { ok: false, accountName: null, projectName: null, message: error.message }
  }
}

async function storedGa4(prisma: PrismaClient, siteId: string) {
  const integration = await findIntegration(prisma, siteId, 'analytics')
  return {
    enabled: integration?.enabled ?? false,
    config: Ga4IntegrationConfigSchema.parse(integration?.config ?? {}),
    sealedToken: secretsOf(integration?.secrets).refreshToken,
  }
}

export async function getGa4Settings(prisma: PrismaClient, siteId: string): Promise<Ga4Settings> {
  const stored = await storedGa4(prisma, siteId)
  return { enabled: stored.enabled, ...stored.config, connected: Boolean(stored.sealedToken) }
}

export const GA4_PROPERTY_NOT_LISTED_MESSAGE = "Choose one of the connected account's properties"

/**
 * Turning web analytics on needs a property ID ('Required'), one of the connected account's when it is
 * connected; the refresh token is kept as it is.
 */
export async function updateGa4Settings(
  prisma: PrismaClient,
  siteId: string,
  body: UpdateGa4SettingsRequest,
): Promise<Ga4Settings> {
  const stored = await storedGa4(prisma, siteId)
  const propertyID = body.propertyID === undefined ? stored.config.propertyID : body.propertyID || null
  if (body.enabled && !propertyID) throw badRequest('propertyID', INTEGRATION_REQUIRED_MESSAGE)
  const listed = stored.config.propertyIdList
  if (propertyID && listed.length > 0 && !listed.includes(propertyID)) {
    throw badRequest('propertyID', GA4_PROPERTY_NOT_LISTED_MESSAGE)
  }
  const config = { ...stored.config, propertyID }
  await saveIntegration(prisma, siteId, 'analytics', {
    enabled: body.enabled,
    config,
    secrets: stored.sealedToken ? { refreshToken: stored.sealedToken } : {},
  })
  return { enabled: body.enabled, ...config, connected: Boolean(stored.sealedToken) }
}

/** Disconnecting forgets the analytics settings, the connected account's token, its reports and page views. */
export async function disconnectGa4(prisma: PrismaClient, siteId: string): Promise<void> {
  await deleteIntegration(prisma, siteId, 'analytics')
  await deleteAnalyticsReports(prisma, siteId)
  await clearPageViews(prisma, siteId)
}
