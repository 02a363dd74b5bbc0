import { ACCOUNT_MESSAGES, ORGANISATION_MESSAGES } from '@canopy/contracts'
import type { PrismaClient } from '@canopy/db'
import { describe, expect, it } from 'vitest'
import { createSessionCookie, createTestOrganisation, createTestSite, createTestUser } from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()

const address = {
  addressLine1: '1 High Street',
  addressLine2: '',
  townOrCity: 'Leeds',
  county: '',
  postcode: 'LS1 1AA',
  country: 'United Kingdom',
}

const tag = () => Math.random().toString(36).slice(2, 10)

async function signIn(prisma: PrismaClient, { isStaff = false } = {}) {
  const user = await createTestUser(prisma)
  if (isStaff) await prisma.user.update({ where: { id: user.id }, data: { isStaff } })
  return { user, cookie: await createSessionCookie(prisma, user.id) }
}

async function namedOrganisation(prisma: PrismaClient, name: string, adminUserId: string, createdAt: Date) {
  const organisation = await createTestOrganisation(prisma, { adminUserId })
  return prisma.organisation.update({ where: { id: organisation.id }, data: { name, createdAt } })
}

/** An administrator of three organisations (one an individual's, one subscribed), and one they only belong to. */
async function administratorOfThree() {
  const { app } = await getApp()
  const { user, cookie } = await signIn(app.prisma)
  const word = tag()
  const day = (n: number) => new Date(Date.UTC(2026, 0, n))
  const alpha = await namedOrganisation(app.prisma, `alpha ${word}`, user.id, day(3))
  const beta = await namedOrganisation(app.prisma, `Beta ${word}`, user.id, day(1))
  const gamma = await namedOrganisation(app.prisma, `Gamma ${word}`, user.id, day(2))
  await app.prisma.organisation.update({
    where: { id: beta.id },
    data: { isBusinessOrOrganisation: false, subType: 'plus' },
  })
  await app.prisma.subscription.create({
    data: { organisationId: beta.id, scanLimit: 1000, billingAmount: 115, status: 'active' },
  })
  const memberOnly = await createTestOrganisation(app.prisma)
  await app.prisma.organisationMember.create({ data: { organisationId: memberOnly.id, userId: user.id } })
  return { app, cookie, word, alpha, beta, gamma, memberOnly }
}

describe('GET /api/v1/crm/organisations/list', () => {
  it('pages, sorts and searches the organisations the user administers', async () => {
    const { app, cookie, word, alpha, beta, gamma } = await administratorOfThree()
    const list = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/crm/organisations/list?${query}`,
        headers: { cookie },
      })
      expect(response.statusCode).toBe(200)
      return response.json()
    }
    const all = await list('')
    expect(all).toMatchObject({ totalCount: 3, pageIndex: 1, pageSize: 25, pageCount: 1 })
    expect(all.items.map((item: { entryTitle: string }) => item.entryTitle)).toEqual([
      alpha.name,
      beta.name,
      gamma.name,
    ])
    expect(all.items[1]).toEqual({
      sys: { id: beta.id, slug: beta.slug, version: { created: '2026-01-01T00:00:00.000Z' } },
      entryTitle: beta.name,
      subType: 'plus',
      isBusinessOrOrganisation: false,
      subscription: { scanLimit: 1000, status: 'active' },
    })
    expect(all.items[0].subscription).toBeNull()

    const byCreated = await list('sortBy=created&sortDir=desc&pageSize=2')
    expect(byCreated).toMatchObject({ totalCount: 3, pageSize: 2, pageCount: 2 })
    expect(byCreated.items.map((item: { sys: { id: string } }) => item.sys.id)).toEqual([alpha.id, gamma.id])
    const secondPage = await list('sortBy=created&sortDir=desc&pageSize=2&page=2')
    expect(secondPage.items.map((item: { sys: { id: string } }) => item.sys.id)).toEqual([beta.id])

    const byType = await list('sortBy=accountType&sortDir=asc')
    expect(byType.items[0].sys.id).toBe(beta.id)
    const search = await list(`search=${encodeURIComponent(`GAMMA ${word}`)}`)
    expect(search.items.map((item: { sys: { id: string } }) => item.sys.id)).toEqual([gamma.id])
    expect((await list('search=no-such-organisation-anywhere')).totalCount).toBe(0)
  })

  it('shows staff every organisation', async () => {
    const { app, word } = await administratorOfThree()
    const staff = await signIn(app.prisma, { isStaff: true })
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/crm/organisations/list?search=${word}`,
      headers: { cookie: staff.cookie },
    })
    expect(response.json().totalCount).toBe(3)
  })

  it('answers 400 for a malformed query and 401 when signed out', async () => {
    const { app, cookie } = await administratorOfThree()
    for (const query of ['sortBy=name', 'sortDir=up', 'page=0', 'pageSize=1000', 'page=x']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/crm/organisations/list?${query}`,
        headers: { cookie },
      })
      expect(response.statusCode, query).toBe(400)
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/crm/organisations/list' })).statusCode).toBe(401)
  })
})

async function scan(
  prisma: PrismaClient,
  siteId: string,
  { pagesScanned, queuedAt, finishedAt }: { pagesScanned: number; queuedAt: Date; finishedAt?: Date },
) {
  await prisma.scan.create({
    data: {
      siteId,
      kind: 'site',
      state: finishedAt ? 'completed' : 'running',
      pageLimit: 1000,
      pagesScanned,
      queuedAt,
      finishedAt: finishedAt ?? null,
    },
  })
}

describe('GET /api/v1/crm/organisations/:id', () => {
  it('shows the subscription and each site’s pages scanned this calendar month against its credit limit', async () => {
    const { app, cookie, beta } = await administratorOfThree()
    const now = new Date()
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    const lastMonth = new Date(monthStart.getTime() - 24 * 60 * 60 * 1000)
    const busy = await createTestSite(app.prisma, { organisationId: beta.id, siteName: 'A busy site' })
    const idle = await createTestSite(app.prisma, { organisationId: beta.id, siteName: 'B idle site' })
    await app.prisma.site.update({ where: { id: busy.id }, data: { scanLimit: 500 } })
    await scan(app.prisma, busy.id, { pagesScanned: 400, queuedAt: lastMonth, finishedAt: lastMonth })
    await scan(app.prisma, busy.id, { pagesScanned: 30, queuedAt: monthStart, finishedAt: now })
    await scan(app.prisma, busy.id, { pagesScanned: 12, queuedAt: now })
    const other = await createTestSite(app.prisma)
    await scan(app.prisma, other.id, { pagesScanned: 99, queuedAt: now })

    for (const id of [beta.id, beta.slug]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/crm/organisations/${id}`,
        headers: { cookie },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        sys: { id: beta.id, slug: beta.slug },
        name: beta.name,
        subType: 'plus',
        isBusinessOrOrganisation: false,
        productSubscription: {
          type: 'monthly',
          scanLimit: 1000,
          billingAmount: 115,
          status: 'active',
          validTo: null,
        },
        sites: {
          overall: { totalLimit: 600, totalUsage: 42 },
          items: [
            {
              siteName: 'A busy site',
              slug: busy.slug,
              rootUri: busy.rootUri,
              totalUsage: 42,
              scanLimit: 500,
              firstScanned: lastMonth.toISOString(),
            },
            { siteName: 'B idle site', slug: idle.slug, totalUsage: 0, scanLimit: 100, firstScanned: null },
          ],
        },
      })
    }
  })

  it('is the organisation’s administrators’ and staff’s: 404 to a non-member and for an unknown one, 403 to a plain member', async () => {
    const { app, alpha, memberOnly } = await administratorOfThree()
    const stranger = await signIn(app.prisma)
    const staff = await signIn(app.prisma, { isStaff: true })
    const get = (id: string, cookie: string) =>
      app.inject({ method: 'GET', url: `/api/v1/crm/organisations/${id}`, headers: { cookie } })
    const notFound = await get(alpha.slug, stranger.cookie)
    expect(notFound.statusCode).toBe(404)
    expect(notFound.json().message).toBe(ORGANISATION_MESSAGES.notFound)
    expect((await get('no-such-organisation', stranger.cookie)).statusCode).toBe(404)
    expect((await get(alpha.id, staff.cookie)).statusCode).toBe(200)
    const { cookie } = await administratorOfThree()
    expect((await get(memberOnly.id, cookie)).statusCode).toBe(404)
    const member = await app.prisma.organisationMember.findFirstOrThrow({
      where: { organisationId: memberOnly.id },
    })
    const memberCookie = await createSessionCookie(app.prisma, member.userId)
    expect((await get(memberOnly.slug, memberCookie)).statusCode).toBe(403)
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/crm/organisations/${alpha.id}` })).statusCode,
    ).toBe(401)
  })
})

describe('PUT /api/v1/crm/organisations/:id', () => {
  it('changes the account details and answers the organisation', async () => {
    const { app, cookie, gamma } = await administratorOfThree()
    const payload = {
      name: 'Gamma Trading Ltd',
      emailAddress: 'accounts@gamma.example',
      phoneNumber: '0113 000 0000',
      isBusinessOrOrganisation: true,
      location: address,
    }
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/crm/organisations/${gamma.slug}`,
      headers: { cookie },
      payload,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      ...payload,
      location: { ...address, addressLine2: null, county: null },
      sys: { id: gamma.id, slug: gamma.slug },
    })
    const account = await app.inject({
      method: 'GET',
      url: `/api/v1/crm/account?id=${gamma.id}`,
      headers: { cookie },
    })
    expect(account.json().entryTitle).toBe('Gamma Trading Ltd')
  })

  it('answers 400 naming each field with the account form’s message', async () => {
    const { app, cookie, gamma } = await administratorOfThree()
    const put = (payload: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/crm/organisations/${gamma.id}`,
        headers: { cookie },
        payload: payload as object,
      })
    const business = await put({
      name: ' ',
      isBusinessOrOrganisation: true,
      location: { ...address, addressLine1: '' },
    })
    expect(business.statusCode).toBe(400)
    expect(business.json().errors).toMatchObject({
      name: ACCOUNT_MESSAGES.organisationNameRequired,
      'location.addressLine1': ACCOUNT_MESSAGES.addressLine1Required,
    })
    const individual = await put({
      isBusinessOrOrganisation: false,
      emailAddress: 'not-an-address',
      location: { ...address, townOrCity: '', postcode: '', country: '' },
    })
    expect(individual.json().errors).toMatchObject({
      name: ACCOUNT_MESSAGES.fullNameRequired,
      emailAddress: ACCOUNT_MESSAGES.emailInvalid,
      'location.townOrCity': ACCOUNT_MESSAGES.townOrCityRequired,
      'location.postcode': ACCOUNT_MESSAGES.postcodeRequired,
      'location.country': ACCOUNT_MESSAGES.countryRequired,
    })
    const broken = await app.inject({
      method: 'PUT',
      url: `/api/v1/crm/organisations/${gamma.id}`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"name": ',
    })
    expect(broken.statusCode).toBe(400)
    expect((await put({ name: 'x', isBusinessOrOrganisation: 'yes', location: address })).statusCode).toBe(
      400,
    )
  })

  it('is refused to a plain member (403) and a non-member (404)', async () => {
    const { app, alpha, memberOnly, cookie } = await administratorOfThree()
    const stranger = await signIn(app.prisma)
    const payload = { name: 'Taken over', isBusinessOrOrganisation: true, location: address }
    const put = (id: string, as: string) =>
      app.inject({ method: 'PUT', url: `/api/v1/crm/organisations/${id}`, headers: { cookie: as }, payload })
    expect((await put(alpha.id, stranger.cookie)).statusCode).toBe(404)
    expect((await put(memberOnly.id, cookie)).statusCode).toBe(403)
    const unchanged = await app.prisma.organisation.findUniqueOrThrow({ where: { id: memberOnly.id } })
    expect(unchanged.name).not.toBe('Taken over')
  })
})
