import {
  type ClientToServerEvents,
  SOCKET_UNAUTHORIZED_MESSAGE,
  scanRoomName,
  siteRoomName,
  userRoomName,
} from '@canopy/contracts'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import { hashToken } from '../src/services/tokens.js'
import { createSessionCookie, createTestSite, createTestUser } from './factories.js'
import { buildTestApp, type TestApp } from './helper.js'

let testApp: TestApp
let baseUrl: string
const sockets: Socket[] = []

beforeAll(async () => {
  testApp = await buildTestApp()
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 })
})

afterAll(async () => {
  for (const socket of sockets) socket.disconnect()
  await testApp?.app.close()
})

type ClientSocket = Socket<Record<string, never>, ClientToServerEvents>

function openSocket(
  cookie?: string,
  origin?: string,
  { token, authorization }: { token?: string; authorization?: string } = {},
): ClientSocket {
  const socket: ClientSocket = connect(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    ...(token ? { auth: { token } } : {}),
    extraHeaders: {
      ...(cookie ? { cookie } : {}),
      ...(origin ? { origin } : {}),
      ...(authorization ? { authorization } : {}),
    },
  })
  sockets.push(socket)
  return socket
}

const TOKENS = '/api/v1/crm/users/currentProfile/tokens'

/** A personal API token made through the profile endpoint, as a user would. */
async function createApiToken(cookie: string, payload: { sites?: string[] } = {}) {
  const answer = await testApp.app.inject({
    method: 'POST',
    url: TOKENS,
    headers: { cookie },
    payload: { name: 'socket', access: 'read', ...payload },
  })
  expect(answer.statusCode).toBe(201)
  return answer.json() as { id: string; token: string }
}

/** A user who sees two sites, signed in, with a token for every site and one for the first site only. */
async function userWithTokens() {
  const { prisma } = testApp.app
  const user = await createTestUser(prisma)
  const cookie = await createSessionCookie(prisma, user.id)
  const first = await createTestSite(prisma, { members: [{ userId: user.id, role: 'viewer' }] })
  const second = await createTestSite(prisma, { members: [{ userId: user.id, role: 'viewer' }] })
  const everySite = await createApiToken(cookie)
  const firstOnly = await createApiToken(cookie, { sites: [first.slug] })
  return { user, cookie, first, second, everySite, firstOnly }
}

async function serverSocketOf(socket: ClientSocket) {
  const found = (await testApp.app.io.fetchSockets()).find((server) => server.id === socket.id)
  if (!found) throw new Error('the server does not know this socket')
  return found
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
}

/** One user signed in twice (a laptop and a phone), each session with a connected socket. */
async function twoSessionsWithSockets() {
  const { prisma } = testApp.app
  const user = await createTestUser(prisma)
  const laptop = await createSessionCookie(prisma, user.id)
  const phone = await createSessionCookie(prisma, user.id)
  const laptopSocket = openSocket(laptop)
  const phoneSocket = openSocket(phone)
  await Promise.all([connected(laptopSocket), connected(phoneSocket)])
  return { user, laptop, laptopSocket, phoneSocket }
}

describe('Socket.IO', () => {
  it('refuses a socket without a session', async () => {
    const socket = openSocket()
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve))
    expect(error.message).toBe(SOCKET_UNAUTHORIZED_MESSAGE)
    expect(socket.connected).toBe(false)
  })

  it('refuses a socket with an unknown session cookie', async () => {
    const socket = openSocket('canopy_session=not-a-session')
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve))
    expect(error.message).toBe(SOCKET_UNAUTHORIZED_MESSAGE)
  })

  it("refuses a handshake from another site's page, and accepts one from Canopy's own", async () => {
    const { prisma } = testApp.app
    const user = await createTestUser(prisma)
    const cookie = await createSessionCookie(prisma, user.id)
    const foreign = openSocket(cookie, 'https://evil.example')
    const error = await new Promise<Error>((resolve) => foreign.once('connect_error', resolve))
    expect(foreign.connected).toBe(false)
    expect(error.message).not.toBe('')
    const own = openSocket(cookie, baseUrl)
    await connected(own)
    expect(own.connected).toBe(true)
  })

  it('closes the sockets of a session when it signs out, and only those', async () => {
    const { app } = testApp
    const { laptop, laptopSocket, phoneSocket } = await twoSessionsWithSockets()
    const closed = new Promise<string>((resolve) => laptopSocket.once('disconnect', resolve))

    const signOut = await app.inject({ method: 'POST', url: '/logout', headers: { cookie: laptop } })
    expect(signOut.statusCode).toBe(200)
    expect(await closed).toBe('io server disconnect')
    expect(phoneSocket.connected).toBe(true)
  })

  it('closes session and token sockets at the moment their account expires, and refuses new ones', async () => {
    const { prisma } = testApp.app
    const { user, cookie, everySite } = await userWithTokens()
    await prisma.user.update({ where: { id: user.id }, data: { accountExpiry: new Date(Date.now() + 1500) } })
    // As the users endpoint does after a change: this process reads the user again.
    testApp.app.sessions.forgetUser(user.id)
    const sessionSocket = openSocket(cookie)
    const tokenSocket = openSocket(undefined, undefined, { token: everySite.token })
    await Promise.all([connected(sessionSocket), connected(tokenSocket)])
    const closed = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve))
    expect(await Promise.all([closed(sessionSocket), closed(tokenSocket)])).toEqual([
      'io server disconnect',
      'io server disconnect',
    ])
    const again = openSocket(cookie)
    await expect(connected(again)).rejects.toThrow(SOCKET_UNAUTHORIZED_MESSAGE)
  })

  it("a password reset closes the sockets of the user's other sessions and keeps the one that reset it", async () => {
    const { app } = testApp
    const { user, laptop, laptopSocket, phoneSocket } = await twoSessionsWithSockets()
    const phoneClosed = new Promise<string>((resolve) => phoneSocket.once('disconnect', resolve))
    const token = 'r'.repeat(43)
    await app.prisma.accountToken.create({
      data: {
        userId: user.id,
        kind: 'reset_password',
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 60_000),
      },
    })
    const reset = await app.inject({
      method: 'POST',
      url: '/account/reset/password',
      headers: { cookie: laptop },
      payload: { token, password: 'A-new-long-passphrase-2026' },
    })
    expect(reset.statusCode).toBe(200)
    expect(await phoneClosed).toBe('io server disconnect')
    expect(laptopSocket.connected).toBe(true)
  })

  it('lets a signed-in socket join the room of a site it may see, and no other', async () => {
    const { prisma, io } = testApp.app
    const user = await createTestUser(prisma)
    const mine = await createTestSite(prisma, { members: [{ userId: user.id, role: 'viewer' }] })
    const notMine = await createTestSite(prisma)
    const socket = openSocket(await createSessionCookie(prisma, user.id))
    await connected(socket)

    expect(await socket.emitWithAck('site:join', { slug: mine.slug })).toEqual({ ok: true })
    expect(await socket.emitWithAck('site:join', { slug: notMine.slug })).toEqual({
      ok: false,
      error: SITE_NOT_FOUND_MESSAGE,
    })
    expect(await socket.emitWithAck('site:join', { slug: '' })).toMatchObject({ ok: false })
    expect(await io.in(siteRoomName(mine.id)).fetchSockets()).toHaveLength(1)
    expect(await io.in(siteRoomName(notMine.id)).fetchSockets()).toHaveLength(0)

    expect(await socket.emitWithAck('site:leave', { slug: mine.slug })).toEqual({ ok: true })
    expect(await io.in(siteRoomName(mine.id)).fetchSockets()).toHaveLength(0)
  })

  it('puts a socket in its user’s room and the rooms of the sites it may see as it connects', async () => {
    const { prisma, io } = testApp.app
    const user = await createTestUser(prisma)
    const mine = await createTestSite(prisma, { members: [{ userId: user.id, role: 'viewer' }] })
    const notMine = await createTestSite(prisma)
    const socket = openSocket(await createSessionCookie(prisma, user.id))
    await connected(socket)
    const [server] = await io.in(userRoomName(user.id)).fetchSockets()
    expect(server?.id).toBe(socket.id)
    expect(server?.rooms.has(siteRoomName(mine.id))).toBe(true)
    expect(server?.rooms.has(siteRoomName(notMine.id))).toBe(false)
  })

  it('takes waitForScan as a bare scan id, as {scanId} and as {id}', async () => {
    const { prisma, io } = testApp.app
    const user = await createTestUser(prisma)
    const scans = await Promise.all(
      [1, 2, 3].map(() =>
        prisma.scan.create({ data: { kind: 'single_page', pageLimit: 1, requestedById: user.id } }),
      ),
    )
    const [bare, byScanId, byId] = scans.map((scan) => scan.id) as [string, string, string]
    const socket = openSocket(await createSessionCookie(prisma, user.id))
    await connected(socket)
    expect(await socket.emitWithAck('waitForScan', bare)).toEqual({ ok: true })
    expect(await socket.emitWithAck('waitForScan', { scanId: byScanId })).toEqual({ ok: true })
    expect(await socket.emitWithAck('waitForScan', { id: byId })).toEqual({ ok: true })
    expect(await socket.emitWithAck('waitForScan', { other: bare } as never)).toMatchObject({ ok: false })
    for (const scanId of [bare, byScanId, byId]) {
      expect((await io.in(scanRoomName(scanId)).fetchSockets()).map((member) => member.id)).toEqual([
        socket.id,
      ])
    }
  })

  it('accepts a personal API token, in the handshake auth or as a Bearer header, with the rooms of its user', async () => {
    const { user, first, second, everySite } = await userWithTokens()
    for (const credentials of [{ token: everySite.token }, { authorization: `Bearer ${everySite.token}` }]) {
      const socket = openSocket(undefined, undefined, credentials)
      await connected(socket)
      const server = await serverSocketOf(socket)
      expect(server.data.userId).toBe(user.id)
      for (const room of [userRoomName(user.id), siteRoomName(first.id), siteRoomName(second.id)])
        expect(server.rooms.has(room)).toBe(true)
    }
  })

  it('refuses an unknown API token', async () => {
    const socket = openSocket(undefined, undefined, { token: 'cnp_not-a-token' })
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve))
    expect(error.message).toBe(SOCKET_UNAUTHORIZED_MESSAGE)
  })

  it("keeps a site-limited token's socket to its sites: rooms, site:join and waitForScan", async () => {
    const { prisma } = testApp.app
    const { user, first, second, firstOnly } = await userWithTokens()
    const socket = openSocket(undefined, undefined, { token: firstOnly.token })
    await connected(socket)
    const server = await serverSocketOf(socket)
    expect(server.rooms.has(siteRoomName(first.id))).toBe(true)
    expect(server.rooms.has(siteRoomName(second.id))).toBe(false)
    expect(server.rooms.has(userRoomName(user.id))).toBe(false)

    expect(await socket.emitWithAck('site:join', { slug: second.slug })).toEqual({
      ok: false,
      error: SITE_NOT_FOUND_MESSAGE,
    })
    expect(await socket.emitWithAck('site:join', { slug: first.slug })).toEqual({ ok: true })
    const scanOf = (siteId: string) =>
      prisma.scan.create({ data: { kind: 'site', pageLimit: 10, siteId, requestedById: user.id } })
    const [mine, other] = await Promise.all([scanOf(first.id), scanOf(second.id)])
    expect(await socket.emitWithAck('waitForScan', mine.id)).toEqual({ ok: true })
    expect(await socket.emitWithAck('waitForScan', other.id)).toMatchObject({ ok: false })
  })

  it("closes a token's sockets when it is revoked, and leaves them open when a session signs out", async () => {
    const { app } = testApp
    const { cookie, everySite } = await userWithTokens()
    const socket = openSocket(undefined, undefined, { token: everySite.token })
    await connected(socket)

    const signOut = await app.inject({ method: 'POST', url: '/logout', headers: { cookie } })
    expect(signOut.statusCode).toBe(200)
    const other = await createSessionCookie(app.prisma, (await serverSocketOf(socket)).data.userId)
    expect(socket.connected).toBe(true)

    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve))
    const revoke = await app.inject({
      method: 'DELETE',
      url: `${TOKENS}/${everySite.id}`,
      headers: { cookie: other },
    })
    expect(revoke.statusCode).toBe(200)
    expect(await closed).toBe('io server disconnect')
  })
})
