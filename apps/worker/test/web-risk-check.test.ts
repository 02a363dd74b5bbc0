import { createPrismaClient, createSecretBox } from '@canopy/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebRiskFake, type WebRiskFake } from '../../../tests/fixtures/web-risk/server.js'
import { loadWorkerConfig } from '../src/config.js'
import { checkScanLinksWithWebRisk } from '../src/jobs/web-risk-check.js'
import { createAddressGuard } from '../src/net/index.js'
import { createFixtureSiteRow, scanTestEnv } from './support/scan-fixtures.js'

// The Web Risk step of a scan's finalize against the local fake of uris.search, on a real database: the
// site's integration on or off, the verdicts stored on the links, matches cached until their expiry.
const config = loadWorkerConfig(scanTestEnv())
const prisma = createPrismaClient(config.databaseUrl)
const KEY = 'worker-test-key'
const PHISHING = `https://prize-${Date.now()}.example/claim`
const SAFE = 'https://library.example/'
const warnings: string[] = []
const logger = { warn: (_: object, message: string) => void warnings.push(message) }
let fake: WebRiskFake

beforeAll(async () => {
  fake = await startWebRiskFake({ apiKey: KEY, threats: new Map([[PHISHING, ['SOCIAL_ENGINEERING']]]) })
})
afterAll(async () => {
  await fake.close()
  await prisma.$disconnect()
})

async function siteWithLinks(integration: { enabled: boolean; apiKey?: string } | null) {
  const site = await createFixtureSiteRow(prisma, 'https://council.example/')
  const page = await prisma.page.create({ data: { siteId: site.id, url: 'https://council.example/links' } })
  const links = await Promise.all(
    [
      { url: PHISHING, isInternal: false },
      { url: SAFE, isInternal: false, riskType: 'MALWARE' },
      { url: 'https://council.example/about', isInternal: true },
    ].map((link) =>
      prisma.link.create({
        data: { siteId: site.id, ...link, occurrences: { create: { pageId: page.id } } },
      }),
    ),
  )
  if (integration) {
    await prisma.integration.create({
      data: {
        siteId: site.id,
        kind: 'web_risk',
        enabled: integration.enabled,
        config: { baseUrl: fake.url },
        secrets: integration.apiKey ? { apiKey: integration.apiKey } : {},
      },
    })
  }
  return { site, linkIds: links.map((link) => link.id) }
}

const runtime = () => ({ guard: createAddressGuard({ allowHosts: '127.0.0.1' }), config })
const riskTypes = async (siteId: string) =>
  Object.fromEntries(
    (await prisma.link.findMany({ where: { siteId }, select: { url: true, riskType: true } })).map((link) => [
      link.url,
      link.riskType,
    ]),
  )

describe('the Web Risk check of a scan’s links', () => {
  it('stores the threat types of the listed external link, clears a delisted one, and caches the match', async () => {
    const { site, linkIds } = await siteWithLinks({ enabled: true, apiKey: KEY })
    const before = fake.searched.length
    expect(await checkScanLinksWithWebRisk(prisma, runtime(), { siteId: site.id, linkIds }, logger)).toBe(1)
    expect(await riskTypes(site.id)).toEqual({
      [PHISHING]: 'SOCIAL_ENGINEERING',
      [SAFE]: null,
      'https://council.example/about': null,
    })
    // Only external links are searched.
    expect(fake.searched.slice(before).sort()).toEqual([PHISHING, SAFE].sort())
    const cached = await prisma.webRiskVerdict.findUniqueOrThrow({ where: { url: PHISHING } })
    expect(cached.threatTypes).toEqual(['SOCIAL_ENGINEERING'])
    expect(cached.expiresAt.getTime()).toBeGreaterThan(Date.now())

    await checkScanLinksWithWebRisk(prisma, runtime(), { siteId: site.id, linkIds }, logger)
    expect(fake.searched.slice(before + 2)).toEqual([SAFE])
  })

  it('does nothing while the integration is off or has no key, and leaves the links as they were on a refusal', async () => {
    const off = await siteWithLinks({ enabled: false, apiKey: KEY })
    expect(
      await checkScanLinksWithWebRisk(
        prisma,
        runtime(),
        { siteId: off.site.id, linkIds: off.linkIds },
        logger,
      ),
    ).toBeNull()
    const none = await siteWithLinks(null)
    expect(
      await checkScanLinksWithWebRisk(
        prisma,
        runtime(),
        { siteId: none.site.id, linkIds: none.linkIds },
        logger,
      ),
    ).toBeNull()
    const wrongKey = await siteWithLinks({ enabled: true, apiKey: 'wrong' })
    await prisma.webRiskVerdict.deleteMany({ where: { url: PHISHING } })
    expect(
      await checkScanLinksWithWebRisk(
        prisma,
        runtime(),
        { siteId: wrongKey.site.id, linkIds: wrongKey.linkIds },
        logger,
      ),
    ).toBeNull()
    expect((await riskTypes(wrongKey.site.id))[SAFE]).toBe('MALWARE')
    expect(warnings.at(-1)).toContain('Web Risk check')
  })

  it('opens a key stored sealed with the secret box, as the API stores it', async () => {
    expect(config.secretsKey).toBeTruthy()
    const sealed = createSecretBox(config.secretsKey).seal(KEY)
    const { site, linkIds } = await siteWithLinks({ enabled: true, apiKey: sealed })
    await prisma.webRiskVerdict.deleteMany({ where: { url: PHISHING } })
    expect(await checkScanLinksWithWebRisk(prisma, runtime(), { siteId: site.id, linkIds }, logger)).toBe(1)
    expect((await riskTypes(site.id))[PHISHING]).toBe('SOCIAL_ENGINEERING')
    // Without the key it was sealed with, the check is skipped and says why.
    const other = createSecretBox(Buffer.alloc(32, 7).toString('base64')).seal(KEY)
    const unreadable = await siteWithLinks({ enabled: true, apiKey: other })
    const skipped = await checkScanLinksWithWebRisk(
      prisma,
      runtime(),
      { siteId: unreadable.site.id, linkIds: unreadable.linkIds },
      logger,
    )
    expect(skipped).toBeNull()
    expect(warnings.at(-1)).toContain('Web Risk key could not be opened')
  })
})
