import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expandUrl, LINK_CHECKS } from '../../../../../tests/fixtures/site/planted.js'
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/server.js'
import { createAddressGuard } from '../../net/index.js'
import { checkLinks } from './check-links.js'

// The fixture site plants every kind of link the checker must judge (planted.ts LINK_CHECKS).
describe('checkLinks on the fixture site', () => {
  let site: FixtureSite

  beforeAll(async () => {
    site = await startFixtureSite({ slowResponseMs: 5_000 })
  })

  afterAll(async () => {
    await site.close()
  })

  it('judges every planted link as planted.ts says', async () => {
    const expected = LINK_CHECKS.map((check) => ({ ...check, url: expandUrl(check.url, site) }))
    const started = performance.now()
    const results = await checkLinks(
      expected.map((check) => check.url),
      {
        guard: createAddressGuard({ allowHosts: '127.0.0.1' }),
        timeoutMs: 1_000,
        siteHosts: [new URL(site.url).host],
      },
    )
    console.info(
      `checkLinks: ${expected.length} fixture links in ${(performance.now() - started).toFixed(0)} ms`,
    )
    for (const check of expected) {
      const result = results.get(check.url)
      expect(result, check.url).toBeDefined()
      expect({ url: check.url, isBroken: result?.isBroken, isUnverified: result?.isUnverified }).toEqual({
        url: check.url,
        isBroken: check.isBroken,
        isUnverified: check.isUnverified,
      })
      if (check.status !== undefined) expect(result?.status, check.url).toBe(check.status)
      if (check.statusClass !== undefined) expect(result?.statusClass, check.url).toBe(check.statusClass)
      if (check.error !== undefined) expect(result?.error, check.url).toBe(check.error)
      if (check.redirects !== undefined) {
        expect(result?.redirectChain, check.url).toEqual(
          check.redirects.map((hop) => ({ url: expandUrl(hop.url, site), status: hop.status })),
        )
      }
      if (check.finalUrl !== undefined)
        expect(result?.finalUrl, check.url).toBe(expandUrl(check.finalUrl, site))
    }
  }, 20_000)
})
