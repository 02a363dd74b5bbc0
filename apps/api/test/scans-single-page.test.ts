import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  type ClientToServerEvents,
  SCAN_JOB_NAMES,
  SCAN_QUEUE_NAMES,
  type ScanErrorEvent,
  type ScanProgressEvent,
  type ServerToClientEvents,
  type SinglePageScanAnswer,
} from '@canopy/contracts'
import { ARTIFACT_FILES, pageArtifactsDir } from '@canopy/db'
import { type Job, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCAN_NOT_FOUND_MESSAGE } from '../src/services/scan-service.js'
import {
  DEFAULT_SINGLE_PAGE_SCAN_MS,
  MAX_ACTIVE_SINGLE_PAGE_SCANS,
  PAGE_URL_REQUIRED_MESSAGE,
  TOO_MANY_SINGLE_PAGE_SCANS_MESSAGE,
  UNKNOWN_SITE_CONFIG_MESSAGE,
} from '../src/services/scan-single-page-service.js'
import { createSessionCookie, createTestSite, createTestUser } from './factories.js'
import { buildTestApp, type TestApp } from './helper.js'
import { progressReport, sampleResult, startFakeSinglePageWorker, toJson } from './single-page-worker.js'

/**
 * Single-page scans end to end on the API's side: POST /api/v1/scans enqueues, a real BullMQ Worker in the
 * test plays the worker (writes Scan.result, completes or fails the job), and the answer reaches the
 * browser over Socket.IO through QueueEvents, as in production.
 */
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>

let testApp: TestApp
let baseUrl: string
let artifactsDir: string
const sockets: ClientSocket[] = []
const closers: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-single-page-artifacts-'))
  testApp = await buildTestApp({ artifactsDir })
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 })
  await testApp.app.scanEvents.listening()
})

afterAll(async () => {
  for (const socket of sockets) socket.disconnect()
  for (const close of closers.reverse()) await close()
  await testApp?.app.close()
})

async function signedInUser() {
  const user = await createTestUser(testApp.app.prisma)
  return { user, cookie: await createSessionCookie(testApp.app.prisma, user.id) }
}

function openSocket(cookie: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie },
  })
  sockets.push(socket)
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', reject)
  })
}

function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => resolve(payload)) as never)
  })
}

/** The first `scan-progress` event that carries a job's stage (finishing steps send some without). */
function nextStageEvent(socket: ClientSocket): Promise<ScanProgressEvent> {
  return new Promise((resolve) => {
    const listener = (event: ScanProgressEvent) => {
      if (!event.stage) return
      socket.off('scan-progress', listener)
      resolve(event)
    }
    socket.on('scan-progress', listener)
  })
}

function requestScan(cookie: string, payload: Record<string, unknown>) {
  return testApp.app.inject({ method: 'POST', url: '/api/v1/scans', headers: { cookie }, payload })
}

/** The worker's side of the protocol (single-page-worker.ts), closed with the app. */
function startSinglePageWorker(options: { autorun?: boolean } = {}) {
  return startFakeSinglePageWorker(testApp, closers, options)
}

describe('POST /api/v1/scans', () => {
  it('creates a single-page scan and enqueues single-page-scan {scanId, uri} under the scan id', async () => {
    const { user, cookie } = await signedInUser()
    const response = await requestScan(cookie, {
      uri: 'https://www.example.test/news/?a=1#top',
      useSocket: true,
    })
    expect(response.statusCode).toBe(200)
    const body = response.json() as { success: boolean; id: string }
    expect(body).toEqual({ success: true, id: expect.any(String) })

    expect(await testApp.app.prisma.scan.findUniqueOrThrow({ where: { id: body.id } })).toMatchObject({
      kind: 'single_page',
      state: 'queued',
      siteId: null,
      requestedById: user.id,
      individualUrl: 'https://www.example.test/news/?a=1',
      pageLimit: 1,
    })
    const job = await testApp.app.queues.get(SCAN_QUEUE_NAMES.singlePageScans).getJob(body.id)
    expect(job?.name).toBe(SCAN_JOB_NAMES.singlePageScan)
    expect(job?.data).toEqual({ scanId: body.id, uri: 'https://www.example.test/news/?a=1' })
  })

  it('refuses an empty, non-http(s) or credential-carrying address with 400 on uri, and an unknown site alias on config', async () => {
    const { cookie } = await signedInUser()
    for (const uri of [
      '',
      'not a url',
      'ftp://files.example.test/a',
      'javascript:alert(1)',
      'file:///etc/passwd',
    ]) {
      const response = await requestScan(cookie, { uri, useSocket: true })
      expect({ uri, status: response.statusCode }).toEqual({ uri, status: 400 })
      expect(response.json().errors).toEqual({ uri: PAGE_URL_REQUIRED_MESSAGE })
    }
    const withCredentials = await requestScan(cookie, {
      uri: 'https://user:secret@example.test/',
      useSocket: true,
    })
    expect(withCredentials.statusCode).toBe(400)
    expect(Object.keys(withCredentials.json().errors)).toEqual(['uri'])

    const foreignSite = await createTestSite(testApp.app.prisma)
    const unknownConfig = await requestScan(cookie, {
      uri: 'https://example.test/',
      useSocket: true,
      config: foreignSite.slug,
    })
    expect(unknownConfig.statusCode).toBe(400)
    expect(unknownConfig.json().errors).toEqual({ config: UNKNOWN_SITE_CONFIG_MESSAGE })
  })
})

describe('single-page scans per user', () => {
  it('refuses a scan with 429 while the user already has the maximum waiting or running', async () => {
    const { prisma, queues } = testApp.app
    const { user, cookie } = await signedInUser()
    await prisma.scan.createMany({
      data: Array.from({ length: MAX_ACTIVE_SINGLE_PAGE_SCANS }, () => ({
        kind: 'single_page' as const,
        pageLimit: 1,
        requestedById: user.id,
      })),
    })
    const refused = await requestScan(cookie, { uri: 'https://busy.example.test/', useSocket: true })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe(TOO_MANY_SINGLE_PAGE_SCANS_MESSAGE)

    await prisma.scan.updateMany({ where: { requestedById: user.id }, data: { state: 'completed' } })
    const accepted = await requestScan(cookie, { uri: 'https://busy.example.test/', useSocket: true })
    expect(accepted.statusCode).toBe(200)
    await queues.get(SCAN_QUEUE_NAMES.singlePageScans).remove(accepted.json().id)
  })
})

describe('GET /api/v1/single-page-scan/progress/:scanId', () => {
  it('gives the queue position, the count waiting or running, and an estimate from recent scan durations', async () => {
    const { prisma, queues } = testApp.app
    const queue = queues.get(SCAN_QUEUE_NAMES.singlePageScans)
    await queue.obliterate({ force: true })
    const { cookie } = await signedInUser()

    const progressOf = async (scanId: string) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/v1/single-page-scan/progress/${scanId}`,
        headers: { cookie },
      })
      expect(response.statusCode).toBe(200)
      return response.json()
    }
    const first = (await requestScan(cookie, { uri: 'https://a.example.test/', useSocket: true })).json().id
    const second = (await requestScan(cookie, { uri: 'https://b.example.test/', useSocket: true })).json().id
    const third = (await requestScan(cookie, { uri: 'https://c.example.test/', useSocket: true })).json().id

    // The twenty most recent finished scans set the pace: 10, 20 and 30 s, on average 20 s.
    const inFuture = Date.now() + 60 * 60 * 1000
    await prisma.scan.createMany({
      data: Array.from({ length: 20 }, (_, index) => {
        const duration = [10_000, 20_000, 30_000][index % 3] ?? 0
        const finishedAt = new Date(inFuture + index * 1000)
        return {
          kind: 'single_page' as const,
          state: 'completed' as const,
          pageLimit: 1,
          startedAt: new Date(finishedAt.getTime() - duration),
          finishedAt,
        }
      }),
    })
    const recent = await prisma.scan.findMany({
      where: { kind: 'single_page', state: 'completed', finishedAt: { not: null } },
      orderBy: { finishedAt: 'desc' },
      take: 20,
    })
    const mean = Math.round(
      recent.reduce(
        (sum, scan) => sum + ((scan.finishedAt?.getTime() ?? 0) - (scan.startedAt?.getTime() ?? 0)),
        0,
      ) / recent.length,
    )
    expect(mean).not.toBe(DEFAULT_SINGLE_PAGE_SCAN_MS)

    expect(await progressOf(first)).toEqual({ position: 1, totalCount: 3, eta: mean })
    expect(await progressOf(second)).toEqual({ position: 2, totalCount: 3, eta: 2 * mean })
    expect(await progressOf(third)).toEqual({ position: 3, totalCount: 3, eta: 3 * mean })

    // Another user may not follow this user's scan.
    const stranger = await signedInUser()
    const hidden = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/single-page-scan/progress/${first}`,
      headers: { cookie: stranger.cookie },
    })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json().message).toBe(SCAN_NOT_FOUND_MESSAGE)

    // Finished: no place in the queue, nothing left to wait for.
    await prisma.scan.update({ where: { id: first }, data: { state: 'completed' } })
    expect(await progressOf(first)).toMatchObject({ position: 0, eta: 0 })
    await prisma.scan.deleteMany({ where: { finishedAt: { gt: new Date(inFuture - 1000) } } })
    await queue.obliterate({ force: true })
  })
})

describe('waitForScan over Socket.IO', () => {
  it('answers scan-response with the stored result when the worker completes the job, and progress on the way', async () => {
    const { prisma } = testApp.app
    const { user, cookie } = await signedInUser()
    const site = await createTestSite(prisma, { members: [{ userId: user.id, role: 'viewer' }] })
    const socket = await openSocket(cookie)
    expect(await socket.emitWithAck('site:join', { slug: site.slug })).toEqual({ ok: true })

    const { id } = (
      await requestScan(cookie, {
        uri: 'https://www.example.test/planted',
        useSocket: true,
        config: site.slug,
      })
    ).json() as { id: string }
    expect((await prisma.scan.findUniqueOrThrow({ where: { id } })).siteId).toBe(site.id)
    expect(await socket.emitWithAck('waitForScan', { id })).toEqual({ ok: true })

    const progress = nextStageEvent(socket)
    const response = nextEvent(socket, 'scan-response')
    const { close } = await startSinglePageWorker()
    expect(await progress).toMatchObject({
      id,
      siteId: site.id,
      kind: 'single-page',
      stage: 'auditing',
      percent: 50,
    } satisfies Partial<ScanProgressEvent>)
    expect(await response).toEqual({
      id,
      success: true,
      result: sampleResult('https://www.example.test/planted'),
    } satisfies SinglePageScanAnswer)
    await close()
  })

  it('answers scan-error when the scan fails', async () => {
    const { cookie } = await signedInUser()
    const socket = await openSocket(cookie)
    const { id } = (
      await requestScan(cookie, { uri: 'https://unreachable.example.test/', useSocket: true })
    ).json()
    expect(await socket.emitWithAck('waitForScan', { id })).toEqual({ ok: true })
    const error = nextEvent(socket, 'scan-error')
    const { close } = await startSinglePageWorker()
    expect(await error).toEqual({ id, message: 'The page could not be loaded.' } satisfies ScanErrorEvent)
    await close()
  })

  it('answers at once when the scan had already finished', async () => {
    const { prisma } = testApp.app
    const { user, cookie } = await signedInUser()
    const scan = await prisma.scan.create({
      data: {
        kind: 'single_page',
        state: 'completed',
        pageLimit: 1,
        requestedById: user.id,
        result: toJson(sampleResult('https://done.example.test/')),
      },
    })
    const socket = await openSocket(cookie)
    const response = nextEvent(socket, 'scan-response')
    expect(await socket.emitWithAck('waitForScan', { id: scan.id })).toEqual({ ok: true })
    expect(await response).toEqual({
      id: scan.id,
      success: true,
      result: sampleResult('https://done.example.test/'),
    })
  })

  it('lets only the requester and members of the scan’s site wait; others get scan-error and stay out of the room', async () => {
    const { prisma, io } = testApp.app
    const requester = await signedInUser()
    const member = await signedInUser()
    const stranger = await signedInUser()
    const site = await createTestSite(prisma, {
      members: [
        { userId: requester.user.id, role: 'admin' },
        { userId: member.user.id, role: 'viewer' },
      ],
    })
    const scan = await prisma.scan.create({
      data: { kind: 'single_page', pageLimit: 1, requestedById: requester.user.id, siteId: site.id },
    })
    const privateScan = await prisma.scan.create({
      data: { kind: 'single_page', pageLimit: 1, requestedById: requester.user.id },
    })

    const memberSocket = await openSocket(member.cookie)
    expect(await memberSocket.emitWithAck('waitForScan', { id: scan.id })).toEqual({ ok: true })
    const memberError = nextEvent(memberSocket, 'scan-error')
    expect(await memberSocket.emitWithAck('waitForScan', { id: privateScan.id })).toEqual({
      ok: false,
      error: SCAN_NOT_FOUND_MESSAGE,
    })
    expect(await memberError).toEqual({ id: privateScan.id, message: SCAN_NOT_FOUND_MESSAGE })

    const strangerSocket = await openSocket(stranger.cookie)
    expect(await strangerSocket.emitWithAck('waitForScan', { id: scan.id })).toMatchObject({ ok: false })
    expect(await strangerSocket.emitWithAck('waitForScan', { id: '' })).toMatchObject({ ok: false })

    const inRoom = await io.in(`scan:${scan.id}`).fetchSockets()
    expect(inRoom.map((socket) => socket.id)).toEqual([memberSocket.id])
    expect(await io.in(`scan:${privateScan.id}`).fetchSockets()).toEqual([])
  })

  it('relays the progress of a site scan’s page jobs to the site room', async () => {
    const { prisma, queues } = testApp.app
    const { user, cookie } = await signedInUser()
    const site = await createTestSite(prisma, { members: [{ userId: user.id, role: 'admin' }] })
    const scan = await prisma.scan.create({
      data: {
        siteId: site.id,
        kind: 'site',
        state: 'running',
        pageLimit: 10,
        pagesQueued: 4,
        pagesScanned: 1,
      },
    })
    const socket = await openSocket(cookie)
    expect(await socket.emitWithAck('site:join', { slug: site.slug })).toEqual({ ok: true })
    const progress = nextStageEvent(socket)

    const connection = new Redis(testApp.config.redisUrl, { maxRetriesPerRequest: null })
    const worker = new Worker(
      SCAN_QUEUE_NAMES.scanPages,
      async (job: Job) => {
        await job.updateProgress(progressReport(scan, { stage: 'storing', percent: 90 }))
      },
      { connection, prefix: testApp.config.queuePrefix },
    )
    closers.push(async () => {
      await worker.close()
      await connection.quit()
    })
    await queues.get(SCAN_QUEUE_NAMES.scanPages).add(SCAN_JOB_NAMES.scanPage, {
      scanId: scan.id,
      url: 'https://x.example.test/',
      depth: 0,
      urlHash: 'x',
    })
    expect(await progress).toEqual({
      id: scan.id,
      siteId: site.id,
      kind: 'site',
      state: 'running',
      progress: 25,
      qaFinished: 1,
      qaEnqueued: 4,
      stage: 'storing',
      percent: 90,
    } satisfies ScanProgressEvent)
  })
})

describe('POST /api/v1/scans without a socket', () => {
  it('waits for the worker and answers {success, id, result}', async () => {
    const { cookie } = await signedInUser()
    const { close } = await startSinglePageWorker()
    const response = await requestScan(cookie, { uri: 'https://www.example.test/waited', useSocket: false })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toEqual({
      success: true,
      id: body.id,
      result: { id: body.id, success: true, result: sampleResult('https://www.example.test/waited') },
    })
    const failed = await requestScan(cookie, {
      uri: 'https://unreachable.example.test/waited',
      useSocket: false,
    })
    expect(failed.json()).toMatchObject({
      success: false,
      result: { success: false, message: 'The page could not be loaded.' },
    })
    await close()
  })
})

describe('GET /api/v1/single-page-scan/snapshot/:scanId', () => {
  it('serves the stored HTML snapshot in a sandbox without scripts, to those who may see the scan', async () => {
    const { prisma } = testApp.app
    const { user, cookie } = await signedInUser()
    const scan = await prisma.scan.create({
      data: { kind: 'single_page', state: 'completed', pageLimit: 1, requestedById: user.id },
    })
    const dir = pageArtifactsDir(artifactsDir, scan.id, 'page')
    await mkdir(dir, { recursive: true })
    const html =
      '<!doctype html><html><head><base href="https://x.test/"></head><body><script>alert(1)</script></body></html>'
    await writeFile(path.join(dir, ARTIFACT_FILES.htmlSnapshot), html)

    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/single-page-scan/snapshot/${scan.id}`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(html)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    const policy = response.headers['content-security-policy']
    expect(policy).toMatch(/^sandbox *;/)
    expect(policy).not.toContain('allow-scripts')
    expect(policy).toContain("script-src 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')

    const stranger = await signedInUser()
    const hidden = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/single-page-scan/snapshot/${scan.id}`,
      headers: { cookie: stranger.cookie },
    })
    expect(hidden.statusCode).toBe(404)

    const notStored = await prisma.scan.create({
      data: { kind: 'single_page', pageLimit: 1, requestedById: user.id },
    })
    const missing = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/single-page-scan/snapshot/${notStored.id}`,
      headers: { cookie },
    })
    expect(missing.statusCode).toBe(404)
  })
})

describe('GET /api/v1/single-page-scan/element-screenshot/:scanId', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  )

  async function scanWithElementScreenshot(userId: string) {
    const scan = await testApp.app.prisma.scan.create({
      data: { kind: 'single_page', state: 'completed', pageLimit: 1, requestedById: userId },
    })
    const dir = pageArtifactsDir(artifactsDir, scan.id, 'page-key')
    await mkdir(dir, { recursive: true })
    await writeFile(path.join(dir, ARTIFACT_FILES.elementScreenshot(2)), PNG)
    return { scan, stored: `scans/${scan.id}/page-key/${ARTIFACT_FILES.elementScreenshot(2)}` }
  }

  const screenshotUrl = (scanId: string, stored: string) =>
    `/api/v1/single-page-scan/element-screenshot/${scanId}?path=${encodeURIComponent(stored)}`

  it("serves the node's stored PNG as image/png to those who may see the scan, and 404 to others", async () => {
    const { user, cookie } = await signedInUser()
    const { scan, stored } = await scanWithElementScreenshot(user.id)
    const response = await testApp.app.inject({
      method: 'GET',
      url: screenshotUrl(scan.id, stored),
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.rawPayload.equals(PNG)).toBe(true)

    const stranger = await signedInUser()
    const hidden = await testApp.app.inject({
      method: 'GET',
      url: screenshotUrl(scan.id, stored),
      headers: { cookie: stranger.cookie },
    })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json().message).toBe(SCAN_NOT_FOUND_MESSAGE)

    const signedOut = await testApp.app.inject({ method: 'GET', url: screenshotUrl(scan.id, stored) })
    expect(signedOut.statusCode).toBe(401)
  })

  it("refuses another scan's file, a missing file and any path that could leave the artifacts folder", async () => {
    const { user, cookie } = await signedInUser()
    const { scan } = await scanWithElementScreenshot(user.id)
    const other = await scanWithElementScreenshot(user.id)
    await writeFile(path.join(artifactsDir, 'secret.png'), PNG)

    const foreign = await testApp.app.inject({
      method: 'GET',
      url: screenshotUrl(scan.id, other.stored),
      headers: { cookie },
    })
    expect(foreign.statusCode).toBe(404)
    const missing = await testApp.app.inject({
      method: 'GET',
      url: screenshotUrl(scan.id, `scans/${scan.id}/page-key/element-9.png`),
      headers: { cookie },
    })
    expect(missing.statusCode).toBe(404)

    for (const attempt of [
      `scans/${scan.id}/../../secret.png`,
      `scans/${scan.id}/page-key/../../../secret.png`,
      `scans/${scan.id}/..%2F..%2Fsecret.png`,
      path.join(artifactsDir, 'scans', scan.id, 'page-key', 'element-2.png'),
      '/etc/passwd',
      `scans/${scan.id}/page-key/snapshot.html`,
      `scans\\${scan.id}\\page-key\\element-2.png`,
    ]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: screenshotUrl(scan.id, attempt),
        headers: { cookie },
      })
      expect({ attempt, status: response.statusCode }).toEqual({ attempt, status: 400 })
      expect(Object.keys(response.json().errors)).toEqual(['path'])
      expect(response.headers['content-type']).toMatch(/^application\/json/)
    }
  })
})
