import { createHash } from 'node:crypto'
import { createPrismaClient, createSecretBox } from '@canopy/db'
import { exchangeAuthorizationCode } from '@canopy/db/google-analytics'
import type { Job } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GoogleFake, startGoogleFake } from '../../../tests/fixtures/google/server.js'
import { loadWorkerConfig, type WorkerConfig } from '../src/config.js'
import { refreshPageViewsJobHandler } from '../src/jobs/refresh-page-views.handler.js'
import { closeScanRuntime, configureScanRuntime, getScanRuntime } from '../src/jobs/scan-runtime.js'
import { createLogger } from '../src/logger.js'
import { createFixtureSiteRow } from './support/scan-fixtures.js'

// The daily page views against the local Google fake: the tick adds one job per site whose web analytics is
// on, and a site's job stores each page's views of the last 30 days.
const CLIENT = { clientId: 'worker-test-client', clientSecret: 'worker-test-secret' }
const ROOT = 'http://127.0.0.1:8090/'
let google: GoogleFake
let config: WorkerConfig
const prisma = createPrismaClient(loadWorkerConfig().databaseUrl)
const context = { prisma, logger: createLogger({ logLevel: 'silent' }), job: {} as Job }

beforeAll(async () => {
  google = await startGoogleFake(CLIENT)
  config = loadWorkerConfig({
    ...process.env,
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    ...google.env,
  })
  configureScanRuntime(config, { lighthouseJobRegistered: false })
})
afterAll(async () => {
  await closeScanRuntime()
  await google.close()
  await prisma.$disconnect()
})

/** A refresh token of the fake's account, through its consent and token endpoints. */
async function grantRefreshToken(): Promise<string> {
  const verifier = 'worker-test-verifier-0123456789-abcdefghijklmnop'
  const redirectUri = 'http://127.0.0.1:9/auth/ga4/callback'
  const answer = await fetch(`${google.url}/o/oauth2/v2/auth/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/analytics.readonly',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      decision: 'allow',
    }).toString(),
    redirect: 'manual',
  })
  const code = new URL(answer.headers.get('location') ?? '').searchParams.get('code') ?? ''
  if (!config.googleAnalytics) throw new Error('configured above')
  return (
    await exchangeAuthorizationCode(config.googleAnalytics, { code, redirectUri, codeVerifier: verifier })
  ).refreshToken
}

describe('refresh-page-views', () => {
  it('stores each page’s views of the last 30 days, and the daily tick adds a job per connected site', async () => {
    const site = await createFixtureSiteRow(prisma, ROOT)
    const box = createSecretBox(config.secretsKey)
    await prisma.integration.create({
      data: {
        siteId: site.id,
        kind: 'analytics',
        enabled: true,
        config: { propertyID: '123456789', propertyIdList: ['123456789'] },
        secrets: { refreshToken: box.seal(await grantRefreshToken()) },
      },
    })
    const home = await prisma.page.create({ data: { siteId: site.id, url: ROOT } })
    const gone = await prisma.page.create({
      data: { siteId: site.id, url: `${ROOT}gone`, pageViewsLastMonth: 5 },
    })

    const result = await refreshPageViewsJobHandler({ siteId: site.id, key: 'test' }, context)
    expect(result).toEqual({ sites: 1, pagesChanged: 2 })
    expect(
      (await prisma.page.findUniqueOrThrow({ where: { id: home.id } })).pageViewsLastMonth,
    ).toBeGreaterThan(0)
    expect((await prisma.page.findUniqueOrThrow({ where: { id: gone.id } })).pageViewsLastMonth).toBe(0)
    // the day's report is kept: a second run changes nothing and does not ask Google
    const reports = google.requests.length
    expect(await refreshPageViewsJobHandler({ siteId: site.id, key: 'again' }, context)).toEqual({
      sites: 1,
      pagesChanged: 0,
    })
    expect(google.requests.length).toBe(reports)

    const tick = await refreshPageViewsJobHandler({}, context)
    expect(tick.sites).toBeGreaterThanOrEqual(1)
    const day = new Date().toISOString().slice(0, 10)
    const job = await getScanRuntime().queue('maintenance').getJob(`page-views-${site.id}-${day}`)
    expect(job?.data).toEqual({ siteId: site.id, key: day })
  })
})
