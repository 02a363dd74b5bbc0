import type { PrismaClient } from '../generated/prisma/client.js'
import { createSecretBox, type SecretBox } from '../secrets.js'

export interface DemoSsoOptions {
  /** the OpenID provider's issuer (./scripts/start points it at the local fake) */
  issuerUrl: string
  clientId: string
  clientSecret: string
  /** the e-mail domain that signs in through it; DEMO_SSO_DOMAIN or sso.canopy.example */
  domain: string
}

export const DEMO_SSO_PROVIDER_ID = 'canopy-demo-sso'
export const DEFAULT_DEMO_SSO_DOMAIN = 'sso.canopy.example'

function demoSsoFromEnv(): DemoSsoOptions | undefined {
  const issuerUrl = process.env.DEMO_SSO_ISSUER_URL
  const clientId = process.env.DEMO_SSO_CLIENT_ID
  const clientSecret = process.env.DEMO_SSO_CLIENT_SECRET
  const domain = (process.env.DEMO_SSO_DOMAIN || DEFAULT_DEMO_SSO_DOMAIN).toLowerCase()
  return issuerUrl && clientId && clientSecret ? { issuerUrl, clientId, clientSecret, domain } : undefined
}

/** The stored sealed secret while it still opens to `secret` (a second run changes nothing), else a new one. */
async function sealedSecret(prisma: PrismaClient, box: SecretBox, secret: string): Promise<string> {
  const stored = await prisma.ssoProvider.findUnique({ where: { id: DEMO_SSO_PROVIDER_ID } })
  if (stored) {
    try {
      if (box.open(stored.clientSecretSealed) === secret) return stored.clientSecretSealed
    } catch {
      // sealed under another key: sealed again below
    }
  }
  return box.seal(secret)
}

/**
 * The demo organisation's single sign-on provider: addresses of the demo SSO domain sign in through the given
 * OpenID provider and join the organisation. Set on each run (the fake's port may change); the client secret is
 * sealed with CANOPY_SECRETS_KEY, and without a key or settings nothing is written.
 */
export async function ensureDemoSsoProvider(
  prisma: PrismaClient,
  organisationId: string,
  options: DemoSsoOptions | undefined,
): Promise<void> {
  const sso = options ?? demoSsoFromEnv()
  const keyBase64 = process.env.CANOPY_SECRETS_KEY
  if (!sso || !keyBase64) return
  const settings = {
    organisationId,
    title: 'Canopy Demo SSO',
    issuerUrl: sso.issuerUrl,
    clientId: sso.clientId,
    clientSecretSealed: await sealedSecret(prisma, createSecretBox(keyBase64), sso.clientSecret),
    enabled: true,
  }
  await prisma.ssoProvider.upsert({
    where: { id: DEMO_SSO_PROVIDER_ID },
    create: { id: DEMO_SSO_PROVIDER_ID, ...settings },
    update: settings,
  })
  await prisma.ssoProviderDomain.upsert({
    where: { domain: sso.domain },
    create: { domain: sso.domain, providerId: DEMO_SSO_PROVIDER_ID },
    update: { providerId: DEMO_SSO_PROVIDER_ID },
  })
}
