import { AVATAR_COLOURS, PROFILE_MESSAGES } from '@canopy/contracts'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { avatarColourFor } from '../src/services/avatar-service.js'
import { createSessionCookie, createTestSite, createTestUser, TEST_PASSWORD } from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()
const PROFILE = '/api/v1/crm/users/currentProfile'

async function signedInUser(options: Parameters<typeof createTestUser>[1] = {}) {
  const { app } = await getApp()
  const user = await createTestUser(app.prisma, options)
  const cookie = await createSessionCookie(app.prisma, user.id)
  return { app, user, cookie }
}

describe('current profile', () => {
  it('answers 401 signed out', async () => {
    const { app } = await getApp()
    expect((await app.inject({ method: 'GET', url: PROFILE })).statusCode).toBe(401)
    expect((await app.inject({ method: 'POST', url: PROFILE, payload: {} })).statusCode).toBe(401)
  })

  it('reads and changes the names and job role', async () => {
    const { app, user, cookie } = await signedInUser({ firstName: 'Ada', lastName: 'Lovelace' })
    const read = await app.inject({ method: 'GET', url: PROFILE, headers: { cookie } })
    expect(read.json()).toMatchObject({ id: user.id, sys: { id: user.id }, firstName: 'Ada', userRole: null })

    const saved = await app.inject({
      method: 'POST',
      url: PROFILE,
      headers: { cookie },
      payload: { firstName: ' Grace ', lastName: 'Hopper', userRole: 'Developer' },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', userRole: 'Developer' })
    // The session cache is dropped: the header's current user shows the new name at once.
    const current = await app.inject({ method: 'GET', url: '/auth/current-user', headers: { cookie } })
    expect(current.json()).toMatchObject({ firstName: 'Grace' })
  })

  it('refuses an unknown job role and an empty name, naming the field', async () => {
    const { app, cookie } = await signedInUser()
    const role = await app.inject({
      method: 'POST',
      url: PROFILE,
      headers: { cookie },
      payload: { userRole: 'Pilot' },
    })
    expect(role.statusCode).toBe(400)
    expect(role.json().errors).toHaveProperty('userRole')
    const name = await app.inject({
      method: 'POST',
      url: PROFILE,
      headers: { cookie },
      payload: { firstName: ' ' },
    })
    expect(name.statusCode).toBe(400)
    expect(name.json().errors).toEqual({ firstName: 'You must enter your first name.' })
  })
})

describe('product news consent', () => {
  it('is off by default, given with its date, kept on a repeat, and withdrawn', async () => {
    const { app, cookie } = await signedInUser()
    const read = async () => (await app.inject({ method: 'GET', url: PROFILE, headers: { cookie } })).json()
    const save = (payload: object) =>
      app.inject({ method: 'POST', url: PROFILE, headers: { cookie }, payload })
    expect(await read()).toMatchObject({ productNewsConsent: false, productNewsConsentAt: null })

    const before = Date.now()
    const given = await save({ productNewsConsent: true })
    expect(given.statusCode).toBe(200)
    expect(given.json().productNewsConsent).toBe(true)
    const givenAt = given.json().productNewsConsentAt as string
    expect(Date.parse(givenAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(await read()).toMatchObject({ productNewsConsent: true, productNewsConsentAt: givenAt })

    // Giving it again (with the names) keeps the date it was first given.
    const again = await save({ firstName: 'Ada', productNewsConsent: true })
    expect(again.json()).toMatchObject({ firstName: 'Ada', productNewsConsentAt: givenAt })

    const withdrawn = await save({ productNewsConsent: false })
    expect(withdrawn.json()).toMatchObject({ productNewsConsent: false, productNewsConsentAt: null })
    expect(await read()).toMatchObject({ productNewsConsent: false, productNewsConsentAt: null })
  })

  it('refuses anything but true or false, naming the field, and changes nothing', async () => {
    const { app, cookie } = await signedInUser()
    for (const productNewsConsent of ['yes', 1, null]) {
      const response = await app.inject({
        method: 'POST',
        url: PROFILE,
        headers: { cookie },
        payload: { productNewsConsent },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().errors).toEqual({
        productNewsConsent: PROFILE_MESSAGES.productNewsConsentInvalid,
      })
    }
    const read = await app.inject({ method: 'GET', url: PROFILE, headers: { cookie } })
    expect(read.json().productNewsConsent).toBe(false)
  })
})

describe('password change and sessions', () => {
  it('needs the current password and the password rules, then signs out the other sessions', async () => {
    const { app, user, cookie } = await signedInUser({ withPassword: true })
    const other = await createSessionCookie(app.prisma, user.id)
    const change = (payload: object) =>
      app.inject({ method: 'POST', url: `${PROFILE}/password`, headers: { cookie }, payload })
    const wrong = await change({ currentPassword: 'nope', password: 'a-long-new-passphrase-42' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toHaveProperty('currentPassword')
    const weak = await change({ currentPassword: TEST_PASSWORD, password: 'password1234' })
    expect(weak.statusCode).toBe(400)
    expect(weak.json().errors).toHaveProperty('password')
    const short = await change({ currentPassword: TEST_PASSWORD, password: 'short' })
    expect(short.json().errors).toHaveProperty('password')
    // Warm the other session's cache entry: ending it must take effect at once anyway.
    expect((await app.inject({ method: 'GET', url: PROFILE, headers: { cookie: other } })).statusCode).toBe(
      200,
    )

    const ok = await change({ currentPassword: TEST_PASSWORD, password: 'Violet-harbour-lantern-93' })
    expect(ok.statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: PROFILE, headers: { cookie: other } })).statusCode).toBe(
      401,
    )
    expect((await app.inject({ method: 'GET', url: PROFILE, headers: { cookie } })).statusCode).toBe(200)
  })

  it('lists the sessions, signs out one, then everywhere else', async () => {
    const { app, user, cookie } = await signedInUser()
    const phone = await createSessionCookie(app.prisma, user.id)
    const laptop = await createSessionCookie(app.prisma, user.id)
    await app.inject({ method: 'GET', url: PROFILE, headers: { cookie: phone } })
    await app.inject({ method: 'GET', url: PROFILE, headers: { cookie: laptop } })
    const list = await app.inject({
      method: 'GET',
      url: `${PROFILE}/sessions`,
      headers: { cookie, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
    })
    const sessions = list.json().sessions as { id: string; current: boolean }[]
    expect(sessions).toHaveLength(3)
    expect(sessions.filter((session) => session.current)).toHaveLength(1)
    const current = sessions.find((session) => session.current)
    const others = sessions.filter((session) => !session.current)

    const own = await app.inject({
      method: 'DELETE',
      url: `${PROFILE}/sessions/${current?.id}`,
      headers: { cookie },
    })
    expect(own.statusCode).toBe(400)
    const missing = await app.inject({
      method: 'DELETE',
      url: `${PROFILE}/sessions/nope`,
      headers: { cookie },
    })
    expect(missing.statusCode).toBe(404)

    await app.inject({ method: 'DELETE', url: `${PROFILE}/sessions/${others[0]?.id}`, headers: { cookie } })
    const afterOne = await app.inject({ method: 'GET', url: `${PROFILE}/sessions`, headers: { cookie } })
    expect(afterOne.json().sessions).toHaveLength(2)

    const everywhere = await app.inject({ method: 'DELETE', url: `${PROFILE}/sessions`, headers: { cookie } })
    expect(everywhere.json()).toEqual({ signedOut: 1 })
    expect((await app.inject({ method: 'GET', url: PROFILE, headers: { cookie: phone } })).statusCode).toBe(
      401,
    )
    expect((await app.inject({ method: 'GET', url: PROFILE, headers: { cookie: laptop } })).statusCode).toBe(
      401,
    )
    expect((await app.inject({ method: 'GET', url: PROFILE, headers: { cookie } })).statusCode).toBe(200)
  })

  it("cannot end another user's session", async () => {
    const { app, cookie } = await signedInUser()
    const stranger = await createTestUser(app.prisma)
    await createSessionCookie(app.prisma, stranger.id)
    const theirs = await app.prisma.session.findFirstOrThrow({ where: { userId: stranger.id } })
    const answer = await app.inject({
      method: 'DELETE',
      url: `${PROFILE}/sessions/${theirs.id}`,
      headers: { cookie },
    })
    expect(answer.statusCode).toBe(404)
    expect(await app.prisma.session.count({ where: { id: theirs.id } })).toBe(1)
  })
})

async function imageOf(body: Buffer) {
  const image = sharp(body)
  const { width, height, format } = await image.metadata()
  const { data } = await image.raw().toBuffer({ resolveWithObject: true })
  return { width, height, format, firstPixel: [...data.subarray(0, 3)] }
}

const hexToRgb = (hex: string) => [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16))

describe('avatars', () => {
  it('draws the initials on the colour of the user id at the asked size', async () => {
    const { app, user, cookie } = await signedInUser({ firstName: 'Ada', lastName: 'Lovelace' })
    const answer = await app.inject({
      method: 'GET',
      url: `/api/v1/avatars/${user.id}?size=48`,
      headers: { cookie },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('image/png')
    expect(answer.headers['cache-control']).toContain('max-age')
    const image = await imageOf(answer.rawPayload)
    expect(image).toMatchObject({ width: 48, height: 48, format: 'png' })
    expect(image.firstPixel).toEqual(hexToRgb(avatarColourFor(user.id).hex))
    expect(AVATAR_COLOURS.map((colour) => colour.name)).toContain(avatarColourFor(user.id).name)

    const again = await app.inject({
      method: 'GET',
      url: `/api/v1/avatars/${user.id}?size=48`,
      headers: { cookie, 'if-none-match': String(answer.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    const figure = await app.inject({
      method: 'GET',
      url: `/api/v1/avatars/${user.id}?size=48&initials=false`,
      headers: { cookie },
    })
    expect(figure.statusCode).toBe(200)
    expect(figure.headers.etag).not.toBe(answer.headers.etag)
  })

  it('refuses a size outside 24-1024 naming size, and answers the N/A fallback', async () => {
    const { app, user, cookie } = await signedInUser()
    for (const size of ['23', '1025', 'big', '40.5']) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/v1/avatars/${user.id}?size=${size}`,
        headers: { cookie },
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json().errors).toHaveProperty('size')
    }
    const fallback = await app.inject({
      method: 'GET',
      url: '/api/v1/avatars/N%2FA?size=24',
      headers: { cookie },
    })
    expect(fallback.statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: `/api/v1/avatars/${user.id}` })).statusCode).toBe(401)
  })

  it("shows another user's avatar only to who shares a site with them", async () => {
    const { app, user, cookie } = await signedInUser()
    const colleague = await createTestUser(app.prisma)
    const stranger = await createTestUser(app.prisma)
    await createTestSite(app.prisma, {
      members: [
        { userId: user.id, role: 'viewer' },
        { userId: colleague.id, role: 'admin' },
      ],
    })
    const get = (id: string) =>
      app.inject({ method: 'GET', url: `/api/v1/avatars/${id}`, headers: { cookie } })
    expect((await get(colleague.id)).statusCode).toBe(200)
    expect((await get(stranger.id)).statusCode).toBe(404)
    expect((await get('no-such-user')).statusCode).toBe(404)
  })

  it('keeps an uploaded photo, checked by content, and serves it resized', async () => {
    const { app, user, cookie } = await signedInUser()
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer()
    const upload = (payload: Buffer, type: string) =>
      app.inject({
        method: 'POST',
        url: `${PROFILE}/avatar`,
        headers: { cookie, 'content-type': type },
        payload,
      })
    const fake = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png')
    expect(fake.statusCode).toBe(400)
    expect(fake.json().errors).toHaveProperty('avatar')
    expect((await upload(Buffer.alloc(6 * 1024 * 1024), 'image/jpeg')).statusCode).toBe(413)
    const ok = await upload(photo, 'image/jpeg')
    expect(ok.statusCode).toBe(200)
    expect(ok.json().hasAvatar).toBe(true)

    const served = await app.inject({
      method: 'GET',
      url: `/api/v1/avatars/${user.id}?size=100`,
      headers: { cookie },
    })
    const image = await imageOf(served.rawPayload)
    expect(image).toMatchObject({ width: 100, height: 100 })
    expect(image.firstPixel[0]).toBeGreaterThan(240)
    expect(image.firstPixel[1]).toBeLessThan(15)

    const removed = await app.inject({ method: 'DELETE', url: `${PROFILE}/avatar`, headers: { cookie } })
    expect(removed.json().hasAvatar).toBe(false)
  })
})

describe('illustrations', () => {
  it('serves a known illustration at its size and format, 404 for anything else', async () => {
    const { app } = await getApp()
    const png = await app.inject({ method: 'GET', url: '/illustrations/empty-state/240/empty-state.png' })
    expect(png.statusCode).toBe(200)
    expect(png.headers['content-type']).toBe('image/png')
    expect((await imageOf(png.rawPayload)).width).toBe(240)
    const webp = await app.inject({
      method: 'GET',
      url: '/illustrations/empty-state/480/empty-state@2x.webp',
    })
    expect(webp.headers['content-type']).toBe('image/webp')
    expect((await imageOf(webp.rawPayload)).width).toBe(960)
    for (const url of [
      '/illustrations/nothing/240/nothing.png',
      '/illustrations/empty-state/300/empty-state.png',
      '/illustrations/empty-state/240/other.png',
      '/illustrations/empty-state/240/empty-state.svg',
      '/illustrations/..%2F..%2Fpackage/240/..%2F..%2Fpackage.png',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404)
    }
  })
})
