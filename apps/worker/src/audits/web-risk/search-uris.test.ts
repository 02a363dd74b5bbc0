import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebRiskFake, type WebRiskFake } from '../../../../../tests/fixtures/web-risk/server.js'
import { AddressBlockedError, createAddressGuard } from '../../net/index.js'
import { checkUrlsWithWebRisk, searchUri, type WebRiskCache, WebRiskRequestError } from './index.js'

const KEY = 'test-web-risk-key'
const PHISHING = 'https://prizes.example/claim'
const MALWARE = 'http://downloads.example/setup.exe'

/** The verdict cache as PostgreSQL keeps it, in memory: matches kept until their expiry. */
function memoryCache(): WebRiskCache & { kept: Map<string, { threatTypes: string[]; expiresAt: Date }> } {
  const kept = new Map<string, { threatTypes: string[]; expiresAt: Date }>()
  return {
    kept,
    find: async (urls) =>
      new Map(
        urls.flatMap((url) => {
          const verdict = kept.get(url)
          return verdict && verdict.expiresAt > new Date() ? [[url, verdict.threatTypes] as const] : []
        }),
      ),
    store: async (verdicts) => {
      for (const { url, ...verdict } of verdicts) kept.set(url, verdict)
    },
  }
}

describe('the Web Risk check against the local fake of uris.search', () => {
  let fake: WebRiskFake
  const guard = createAddressGuard({ allowHosts: '127.0.0.1' })
  const options = () => ({ baseUrl: fake.url, apiKey: KEY, guard, timeoutMs: 5_000 })

  beforeAll(async () => {
    fake = await startWebRiskFake({
      apiKey: KEY,
      threats: new Map([
        [PHISHING, ['SOCIAL_ENGINEERING']],
        [MALWARE, ['MALWARE', 'UNWANTED_SOFTWARE']],
      ]),
      expireSeconds: 600,
    })
  })
  afterAll(() => fake.close())

  it('answers the threat types and expiry of a listed URI, and null for one on no list', async () => {
    const listed = await searchUri(options(), MALWARE)
    expect(listed?.threatTypes).toEqual(['MALWARE', 'UNWANTED_SOFTWARE'])
    expect(listed?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 590_000)
    expect(await searchUri(options(), 'https://library.example/')).toBeNull()
  })

  it('searches each URL once, keeps matches until their expiry and answers them from the cache next time', async () => {
    const cache = memoryCache()
    const urls = [PHISHING, MALWARE, 'https://library.example/', PHISHING, 'mailto:someone@example.com']
    const before = fake.searched.length
    const first = await checkUrlsWithWebRisk(urls, { ...options(), cache })
    expect(Object.fromEntries(first)).toEqual({
      [PHISHING]: ['SOCIAL_ENGINEERING'],
      [MALWARE]: ['MALWARE', 'UNWANTED_SOFTWARE'],
    })
    expect(fake.searched.slice(before).sort()).toEqual([MALWARE, PHISHING, 'https://library.example/'].sort())
    expect([...cache.kept.keys()].sort()).toEqual([MALWARE, PHISHING].sort())

    const again = await checkUrlsWithWebRisk(urls, { ...options(), cache })
    expect(Object.fromEntries(again)).toEqual(Object.fromEntries(first))
    // Only the URL on no list is asked again: it came with no expiry to keep it by.
    expect(fake.searched.slice(before + 3)).toEqual(['https://library.example/'])
  })

  it('stops with the API’s refusal for a wrong key, naming its message', async () => {
    const refused = searchUri({ ...options(), apiKey: 'wrong' }, PHISHING)
    await expect(refused).rejects.toBeInstanceOf(WebRiskRequestError)
    await expect(refused).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('API key not valid'),
    })
  })

  it('reaches the API only through the network guard', async () => {
    const strict = createAddressGuard({ allowHosts: '' })
    await expect(searchUri({ ...options(), guard: strict }, PHISHING)).rejects.toBeInstanceOf(
      AddressBlockedError,
    )
  })
})
