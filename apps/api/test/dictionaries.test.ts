import type {
  AffectedPageItem,
  DictionaryListItem,
  DictionaryWord,
  MaliciousLinkListItem,
  MisspellingListItem,
  PagedList,
} from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import { MISSPELLING_NOT_FOUND_MESSAGE } from '../src/services/content-quality-service.js'
import { UPGRADE_TO_ADD_WORDS_MESSAGE } from '../src/services/dictionaries-service.js'
import {
  createSessionCookie,
  createTestLink,
  createTestMisspelling,
  createTestPage,
  createTestSection,
  createTestSite,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

/** Misspellings and their pages, the dictionaries that silence them, malicious links and the web-risk settings. */
const getApp = useTestApp()

async function siteWithMisspellings({ isPaying = true } = {}) {
  const { app } = await getApp()
  const admin = await createTestUser(app.prisma, { firstName: 'Ada', lastName: 'Lovelace' })
  const member = await createTestUser(app.prisma)
  const site = await createTestSite(app.prisma, {
    rootUri: 'https://words.example.test/',
    members: [
      { userId: admin.id, role: 'admin' },
      { userId: member.id, role: 'viewer' },
    ],
  })
  await app.prisma.site.update({ where: { id: site.id }, data: { isPaying } })
  const home = await createTestPage(app.prisma, {
    siteId: site.id,
    url: 'https://words.example.test/',
    title: 'Home',
    misspellingCount: 4,
  })
  const news = await createTestPage(app.prisma, {
    siteId: site.id,
    url: 'https://words.example.test/news',
    title: 'News',
    misspellingCount: 2,
  })
  const section = await createTestSection(app.prisma, { siteId: site.id, title: 'News' })
  await app.prisma.sectionPage.create({ data: { sectionId: section.id, pageId: news.id } })
  const seperate = await createTestMisspelling(app.prisma, {
    siteId: site.id,
    word: 'seperate',
    pages: [
      { pageId: home.id, count: 2 },
      { pageId: news.id, count: 1 },
    ],
  })
  const grovia = await createTestMisspelling(app.prisma, {
    siteId: site.id,
    word: 'Grovia',
    pages: [{ pageId: home.id, count: 1 }],
  })
  const groviaFr = await createTestMisspelling(app.prisma, {
    siteId: site.id,
    word: "Grovia's",
    language: 'fr',
    pages: [{ pageId: news.id, count: 1 }],
  })
  const recieve = await createTestMisspelling(app.prisma, {
    siteId: site.id,
    word: 'recieve',
    pages: [{ pageId: home.id, count: 1 }],
  })
  return {
    app,
    site,
    section,
    pages: { home, news },
    words: { seperate, grovia, groviaFr, recieve },
    adminCookie: await createSessionCookie(app.prisma, admin.id),
    memberCookie: await createSessionCookie(app.prisma, member.id),
  }
}

const base = (slug: string) => `/api/v1/sites/${slug}`

describe('GET /content-quality/misspellings', () => {
  it('lists the words with their occurrences, most first; a section counts its own pages', async () => {
    const { app, site, section, memberCookie } = await siteWithMisspellings()
    const response = await app.inject({
      url: `${base(site.slug)}/content-quality/misspellings`,
      headers: { cookie: memberCookie },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<PagedList<MisspellingListItem>>()
    const rows = body.items.map((item) => [item.entryTitle, item.language, item.totalCount, item.pageCount])
    // Most occurrences first; the ties among the others come in no particular word order.
    expect(rows[0]).toEqual(['seperate', 'en', 3, 2])
    expect(rows.slice(1)).toEqual(
      expect.arrayContaining([
        ['Grovia', 'en', 1, 1],
        ["Grovia's", 'fr', 1, 1],
        ['recieve', 'en', 1, 1],
      ]),
    )
    expect(body).toMatchObject({ totalCount: 4, pageIndex: 1, pageSize: 25, pageCount: 1 })
    const scoped = await app.inject({
      url: `${base(site.slug)}/content-quality/misspellings?sectionId=${section.id}&sortBy=entryTitle&sortDir=desc`,
      headers: { cookie: memberCookie },
    })
    expect(
      scoped.json().items.map((item: MisspellingListItem) => [item.entryTitle, item.totalCount]),
    ).toEqual([
      ['seperate', 1],
      ["Grovia's", 1],
    ])
    const searched = await app.inject({
      url: `${base(site.slug)}/content-quality/misspellings?search=grov`,
      headers: { cookie: memberCookie },
    })
    expect(searched.json().totalCount).toBe(2)
  })

  it('exports the list as CSV', async () => {
    const { app, site, memberCookie } = await siteWithMisspellings()
    const response = await app.inject({
      url: `${base(site.slug)}/content-quality/misspellings/export?format=csv`,
      headers: { cookie: memberCookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.body.split('\n')[0]).toContain('misspelling')
    expect(response.body).toContain('seperate')
  })

  it('answers 400 naming the field for a bad sort, 404 to a member of another site, and nothing for a site never scanned', async () => {
    const { app, site, memberCookie } = await siteWithMisspellings()
    const badSort = await app.inject({
      url: `${base(site.slug)}/content-quality/misspellings?sortBy=nope`,
      headers: { cookie: memberCookie },
    })
    expect(badSort.statusCode).toBe(400)
    expect(badSort.json().message).toContain('sortBy')
    const stranger = await createTestUser(app.prisma)
    const otherSite = await createTestSite(app.prisma, { members: [{ userId: stranger.id, role: 'admin' }] })
    const strangerCookie = await createSessionCookie(app.prisma, stranger.id)
    const hidden = await app.inject({
      url: `${base(site.slug)}/content-quality/misspellings`,
      headers: { cookie: strangerCookie },
    })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
    const never = await app.inject({
      url: `${base(otherSite.slug)}/content-quality/misspellings`,
      headers: { cookie: strangerCookie },
    })
    expect(never.json()).toEqual({ items: [], totalCount: 0, pageIndex: 1, pageSize: 25, pageCount: 0 })
  })
})

describe('GET /content-quality/pages-affected-by-a-misspelling/:misspellingId', () => {
  it('lists the pages the word is on with its occurrences there; another site’s misspelling is not found', async () => {
    const { app, site, words, memberCookie } = await siteWithMisspellings()
    const response = await app.inject({
      url: `${base(site.slug)}/content-quality/pages-affected-by-a-misspelling/${words.seperate.id}`,
      headers: { cookie: memberCookie },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<PagedList<AffectedPageItem>>()
    expect(body.items.map((item) => [item.entryTitle, item.pageTitle, item.occurrences])).toEqual([
      ['https://words.example.test/', 'Home', 2],
      ['https://words.example.test/news', 'News', 1],
    ])
    const other = await siteWithMisspellings()
    const foreign = await app.inject({
      url: `${base(site.slug)}/content-quality/pages-affected-by-a-misspelling/${other.words.seperate.id}`,
      headers: { cookie: memberCookie },
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe(MISSPELLING_NOT_FOUND_MESSAGE)
    const malformed = await app.inject({
      url: `${base(site.slug)}/content-quality/pages-affected-by-a-misspelling/${words.seperate.id}?page=0`,
      headers: { cookie: memberCookie },
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toContain('page')
  })
})

describe('dictionaries', () => {
  it('lists the global dictionary and one per language of the misspellings, before any word is added', async () => {
    const { app, site, memberCookie } = await siteWithMisspellings()
    const response = await app.inject({
      url: `${base(site.slug)}/dictionaries`,
      headers: { cookie: memberCookie },
    })
    expect(response.statusCode).toBe(200)
    expect(
      response.json<DictionaryListItem[]>().map((item) => [item.entryTitle, item.language, item.wordCount]),
    ).toEqual([
      ['Global', null, 0],
      ['English', 'en', 0],
      ['French', 'fr', 0],
    ])
  })

  it('adding words to the global dictionary removes their misspellings (and possessives) at once and recounts the pages', async () => {
    const { app, site, pages, adminCookie } = await siteWithMisspellings()
    const response = await app.inject({
      method: 'POST',
      url: `${base(site.slug)}/dictionary/global/words`,
      headers: { cookie: adminCookie },
      payload: { words: ['grovia', 'Grovia', 'seperate'] },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      words: ['grovia', 'seperate'],
      misspellingsRemoved: 3,
      pagesUpdated: 2,
    })
    const list = await app.inject({
      url: `${base(site.slug)}/content-quality/misspellings`,
      headers: { cookie: adminCookie },
    })
    expect(list.json().items.map((item: MisspellingListItem) => item.entryTitle)).toEqual(['recieve'])
    const counts = await app.prisma.page.findMany({ where: { siteId: site.id }, orderBy: { url: 'asc' } })
    expect(counts.map((page) => [page.id, page.misspellingCount])).toEqual([
      [pages.home.id, 1],
      [pages.news.id, 0],
    ])
    const again = await app.inject({
      method: 'POST',
      url: `${base(site.slug)}/dictionary/global/words`,
      headers: { cookie: adminCookie },
      payload: { words: ['GROVIA'] },
    })
    expect(again.json().words).toEqual([])
    const words = await app.inject({ url: `${base(site.slug)}/dictionary`, headers: { cookie: adminCookie } })
    const body = words.json<PagedList<DictionaryWord>>()
    expect(body.items.map((item) => [item.word, item.author])).toEqual([
      ['grovia', 'Ada Lovelace'],
      ['seperate', 'Ada Lovelace'],
    ])
  })

  it('a language dictionary covers only its language; removing a word leaves the misspellings gone until the next scan', async () => {
    const { app, site, adminCookie } = await siteWithMisspellings()
    const added = await app.inject({
      method: 'POST',
      url: `${base(site.slug)}/dictionary/fr/words`,
      headers: { cookie: adminCookie },
      payload: { words: ['Grovia'] },
    })
    expect(added.json()).toMatchObject({ words: ['Grovia'], misspellingsRemoved: 1 })
    const list = await app.inject({
      url: `${base(site.slug)}/content-quality/misspellings`,
      headers: { cookie: adminCookie },
    })
    expect(list.json().items.map((item: MisspellingListItem) => item.entryTitle)).toContain('Grovia')
    const removed = await app.inject({
      method: 'DELETE',
      url: `${base(site.slug)}/dictionary/fr/words`,
      headers: { cookie: adminCookie },
      payload: { words: ['grovia', 'unknown'] },
    })
    expect(removed.json()).toEqual({ words: ['Grovia'] })
    const frWords = await app.inject({
      url: `${base(site.slug)}/dictionary/fr`,
      headers: { cookie: adminCookie },
    })
    expect(frWords.json().totalCount).toBe(0)
  })

  it('refuses a site that does not pay (403), bad input (400 naming the field) and another site’s member (404)', async () => {
    const { app, site, adminCookie } = await siteWithMisspellings({ isPaying: false })
    const unpaid = await app.inject({
      method: 'POST',
      url: `${base(site.slug)}/dictionary/global/words`,
      headers: { cookie: adminCookie },
      payload: { words: ['Grovia'] },
    })
    expect(unpaid.statusCode).toBe(403)
    expect(unpaid.json().message).toBe(UPGRADE_TO_ADD_WORDS_MESSAGE)
    for (const [url, payload, field] of [
      ['dictionary/english/words', { words: ['x'] }, 'lang'],
      ['dictionary/global/words', { words: [] }, 'words'],
      ['dictionary/global/words', { words: ['two words'] }, 'words'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: `${base(site.slug)}/${url}`,
        headers: { cookie: adminCookie },
        payload,
      })
      expect(response.statusCode, url).toBe(400)
      expect(response.json().message, url).toContain(field)
    }
    const mismatch = await app.inject({
      method: 'DELETE',
      url: `${base(site.slug)}/dictionary/en/words`,
      headers: { cookie: adminCookie },
      payload: { words: ['x'], lang: 'fr' },
    })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json().message).toContain('lang')
    const stranger = await createTestUser(app.prisma)
    const hidden = await app.inject({
      url: `${base(site.slug)}/dictionaries`,
      headers: { cookie: await createSessionCookie(app.prisma, stranger.id) },
    })
    expect(hidden.statusCode).toBe(404)
  })
})

describe('malicious links and the web-risk settings', () => {
  it('lists the links Web Risk listed, with their threat types and pages; view=internal leaves external ones out', async () => {
    const { app, site, pages, memberCookie } = await siteWithMisspellings()
    await createTestLink(app.prisma, {
      siteId: site.id,
      url: 'https://prize.example/claim',
      riskType: 'SOCIAL_ENGINEERING',
      pageIds: [pages.home.id, pages.news.id],
    })
    await createTestLink(app.prisma, {
      siteId: site.id,
      url: 'https://library.example/',
      pageIds: [pages.home.id],
    })
    const response = await app.inject({
      url: `${base(site.slug)}/content-quality/malicious-links`,
      headers: { cookie: memberCookie },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<PagedList<MaliciousLinkListItem>>()
    expect(body.items.map((item) => [item.entryTitle, item.riskType, item.totalCount])).toEqual([
      ['https://prize.example/claim', 'SOCIAL_ENGINEERING', 2],
    ])
    const internal = await app.inject({
      url: `${base(site.slug)}/content-quality/malicious-links?view=internal`,
      headers: { cookie: memberCookie },
    })
    expect(internal.json().totalCount).toBe(0)
    const badView = await app.inject({
      url: `${base(site.slug)}/content-quality/malicious-links?view=sideways`,
      headers: { cookie: memberCookie },
    })
    expect(badView.statusCode).toBe(400)
    expect(badView.json().message).toContain('view')
  })

  it('stores the key without ever answering it, and requires one to turn the check on', async () => {
    const { app, site, adminCookie, memberCookie } = await siteWithMisspellings()
    const url = `${base(site.slug)}/integrations/web-risk/settings`
    expect((await app.inject({ url, headers: { cookie: memberCookie } })).json()).toEqual({
      enabled: false,
      apiKey: 'not set',
      apiKeySet: false,
    })
    const noKey = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: adminCookie },
      payload: { enabled: true },
    })
    expect(noKey.statusCode).toBe(400)
    expect(noKey.json()).toMatchObject({ message: 'apiKey: Required', errors: { apiKey: 'Required' } })
    const saved = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: adminCookie },
      payload: { enabled: true, apiKey: 'secret-key-123' },
    })
    expect(saved.json()).toEqual({ enabled: true, apiKey: 'set', apiKeySet: true })
    expect(saved.body).not.toContain('secret-key-123')
    // A blank key keeps the stored one.
    const off = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: adminCookie },
      payload: { enabled: false, apiKey: '' },
    })
    expect(off.json()).toEqual({ enabled: false, apiKey: 'set', apiKeySet: true })
    const stored = await app.prisma.integration.findFirstOrThrow({
      where: { siteId: site.id, kind: 'web_risk' },
    })
    // Stored sealed with the secret box, never in the clear.
    const sealed = (stored.secrets as { apiKey: string }).apiKey
    expect(sealed).toMatch(/^v1:/)
    expect(sealed).not.toContain('secret-key-123')
    expect(app.secrets.open(sealed)).toBe('secret-key-123')
    const config = await app.inject({ url: base(site.slug), headers: { cookie: memberCookie } })
    expect(config.json().webRiskIntegration).toEqual({ enabled: false })
    const malformed = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: adminCookie },
      payload: { enabled: 'yes' },
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toContain('enabled')
  })

  it('seals a key stored in the clear before keys were sealed when the settings are next read', async () => {
    const { app, site, memberCookie } = await siteWithMisspellings()
    await app.prisma.integration.create({
      data: { siteId: site.id, kind: 'web_risk', enabled: true, secrets: { apiKey: 'legacy-plain-key' } },
    })
    const url = `${base(site.slug)}/integrations/web-risk/settings`
    const read = await app.inject({ url, headers: { cookie: memberCookie } })
    expect(read.json()).toEqual({ enabled: true, apiKey: 'set', apiKeySet: true })
    const stored = await app.prisma.integration.findFirstOrThrow({
      where: { siteId: site.id, kind: 'web_risk' },
    })
    const sealed = (stored.secrets as { apiKey: string }).apiKey
    expect(sealed).toMatch(/^v1:/)
    expect(app.secrets.open(sealed)).toBe('legacy-plain-key')
  })
})
