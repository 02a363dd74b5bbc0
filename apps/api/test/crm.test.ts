import { ACCOUNT_MESSAGES } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { createSessionCookie, createTestOrganisation, createTestUser } from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()

const address = {
  addressLine1: '1 High Street',
  addressLine2: '',
  townOrCity: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS1 1AA',
  country: 'United Kingdom',
}

async function organisationWithAdmin() {
  const { app } = await getApp()
  const admin = await createTestUser(app.prisma)
  const organisation = await createTestOrganisation(app.prisma, { adminUserId: admin.id })
  const stranger = await createTestUser(app.prisma)
  const member = await createTestUser(app.prisma)
  await app.prisma.organisationMember.create({ data: { organisationId: organisation.id, userId: member.id } })
  return {
    app,
    organisation,
    cookie: await createSessionCookie(app.prisma, admin.id),
    strangerCookie: await createSessionCookie(app.prisma, stranger.id),
    memberCookie: await createSessionCookie(app.prisma, member.id),
  }
}

describe('GET/PUT /api/v1/crm/account', () => {
  it('reads and changes the organisation’s account details for its administrator', async () => {
    const { app, organisation, cookie } = await organisationWithAdmin()
    const url = `/api/v1/crm/account?id=${organisation.id}`
    const before = await app.inject({ method: 'GET', url, headers: { cookie } })
    expect(before.statusCode).toBe(200)
    expect(before.json()).toMatchObject({ sys: { id: organisation.id }, entryTitle: organisation.name })
    const payload = {
      entryTitle: 'Jane Doe',
      emailAddress: 'jane@example.test',
      phoneNumber: '0113 000 0000',
      isBusinessOrOrganisation: false,
      location: address,
    }
    const put = await app.inject({ method: 'PUT', url, headers: { cookie }, payload })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toEqual({
      sys: { id: organisation.id },
      entryTitle: 'Jane Doe',
      emailAddress: 'jane@example.test',
      phoneNumber: '0113 000 0000',
      isBusinessOrOrganisation: false,
      location: { ...address, addressLine2: null },
    })
    expect((await app.inject({ method: 'GET', url, headers: { cookie } })).json()).toEqual(put.json())
  })

  it('answers 400 naming each missing field with the form’s message', async () => {
    const { app, organisation, cookie } = await organisationWithAdmin()
    const url = `/api/v1/crm/account?id=${organisation.id}`
    const put = (payload: object) => app.inject({ method: 'PUT', url, headers: { cookie }, payload })
    const organisationBody = await put({
      entryTitle: '',
      isBusinessOrOrganisation: true,
      location: { ...address, postcode: ' ' },
    })
    expect(organisationBody.statusCode).toBe(400)
    expect(organisationBody.json().errors).toMatchObject({
      entryTitle: ACCOUNT_MESSAGES.organisationNameRequired,
      'location.postcode': ACCOUNT_MESSAGES.postcodeRequired,
    })
    const individual = await put({ isBusinessOrOrganisation: false, location: { ...address, country: '' } })
    expect(individual.json().errors).toMatchObject({
      entryTitle: ACCOUNT_MESSAGES.fullNameRequired,
      'location.country': ACCOUNT_MESSAGES.countryRequired,
    })
  })

  it('is refused to a member who does not administer the organisation (403), and 404 for an unknown id', async () => {
    const { app, organisation, memberCookie, strangerCookie } = await organisationWithAdmin()
    const url = `/api/v1/crm/account?id=${organisation.id}`
    expect((await app.inject({ method: 'GET', url, headers: { cookie: memberCookie } })).statusCode).toBe(403)
    expect((await app.inject({ method: 'GET', url, headers: { cookie: strangerCookie } })).statusCode).toBe(
      403,
    )
    const payload = { entryTitle: 'x', isBusinessOrOrganisation: true, location: address }
    const put = await app.inject({ method: 'PUT', url, headers: { cookie: memberCookie }, payload })
    expect(put.statusCode).toBe(403)
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/v1/crm/account?id=nope',
      headers: { cookie: memberCookie },
    })
    expect(unknown.statusCode).toBe(404)
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/crm/account', headers: { cookie: memberCookie } }))
        .statusCode,
    ).toBe(400)
  })
})

describe('GET /api/v1/crm/countries and /organisations', () => {
  it('lists countries by en-GB name with their codes, the United Kingdom once', async () => {
    const { app, cookie } = await organisationWithAdmin()
    const countries = (
      await app.inject({ method: 'GET', url: '/api/v1/crm/countries', headers: { cookie } })
    ).json()
    expect(countries['United Kingdom']).toBe('GB')
    expect(countries.France).toBe('FR')
    expect(Object.values(countries).filter((code) => code === 'GB')).toHaveLength(1)
    expect(Object.keys(countries).length).toBeGreaterThan(240)
  })

  it('lists the organisations the user administers, and none for a plain member', async () => {
    const { app, organisation, cookie, memberCookie } = await organisationWithAdmin()
    const mine = await app.inject({ method: 'GET', url: '/api/v1/crm/organisations', headers: { cookie } })
    expect(mine.json()).toEqual([
      { sys: { id: organisation.id, slug: organisation.slug }, entryTitle: organisation.name },
    ])
    const none = await app.inject({
      method: 'GET',
      url: '/api/v1/crm/organisations',
      headers: { cookie: memberCookie },
    })
    expect(none.json()).toEqual([])
  })
})
