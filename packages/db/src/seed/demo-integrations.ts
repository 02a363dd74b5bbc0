import type { PrismaClient } from '../generated/prisma/client.js'
import { createSecretBox } from '../secrets.js'
import type { SeedDemoOptions } from './seed-demo.js'

type DemoIntegrationOptions = Pick<SeedDemoOptions, 'webRisk' | 'jira'>

function webRiskFromEnv(): SeedDemoOptions['webRisk'] {
  const baseUrl = process.env.DEMO_WEB_RISK_URL
  const apiKey = process.env.DEMO_WEB_RISK_KEY
  return baseUrl && apiKey ? { baseUrl, apiKey } : undefined
}

function jiraFromEnv(): SeedDemoOptions['jira'] {
  const baseUrl = process.env.DEMO_JIRA_URL
  const email = process.env.DEMO_JIRA_EMAIL
  const apiKey = process.env.DEMO_JIRA_TOKEN
  const projectKey = process.env.DEMO_JIRA_PROJECT
  return baseUrl && email && apiKey && projectKey ? { baseUrl, email, apiKey, projectKey } : undefined
}

/**
 * The demo site's integrations, on and pointed at the given APIs (the local fakes in a trial), so a newcomer
 * sees a malicious link flagged and can open a ticket. Set on each run: the fakes' ports follow
 * FIXTURE_SITE_PORT. Their secrets are sealed with CANOPY_SECRETS_KEY (the scripts always set one); without
 * a key the integrations are left as they are.
 */
export async function ensureDemoIntegrations(
  prisma: PrismaClient,
  siteId: string,
  options: DemoIntegrationOptions,
): Promise<void> {
  const webRisk = options.webRisk ?? webRiskFromEnv()
  const jira = options.jira ?? jiraFromEnv()
  if (!webRisk && !jira) return
  const keyBase64 = process.env.CANOPY_SECRETS_KEY
  if (!keyBase64) return
  const box = createSecretBox(keyBase64)
  if (webRisk) {
    await upsertIntegration(prisma, siteId, 'web_risk', {
      enabled: true,
      config: { baseUrl: webRisk.baseUrl },
      secrets: { apiKey: box.seal(webRisk.apiKey) },
    })
  }
  if (jira) {
    await upsertIntegration(prisma, siteId, 'issue_tracker', {
      enabled: true,
      config: { baseUrl: jira.baseUrl, email: jira.email, projectKey: jira.projectKey },
      secrets: { apiKey: box.seal(jira.apiKey) },
    })
  }
}

async function upsertIntegration(
  prisma: PrismaClient,
  siteId: string,
  kind: 'web_risk' | 'issue_tracker',
  settings: { enabled: boolean; config: object; secrets: object },
) {
  await prisma.integration.upsert({
    where: { siteId_kind: { siteId, kind } },
    create: { siteId, kind, ...settings },
    update: settings,
  })
}
