import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ActiveScan, ScanProgressEvent, ScanStatus, SiteScanStatus } from '@canopy/contracts'
import { QueryClient } from '@tanstack/react-query'
import { Server, type Socket as ServerSocket } from 'socket.io'
import { io } from 'socket.io-client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { installFakeApi, reply } from '@/testing/fake-api'
import { makeSite } from '@/testing/fixtures'
import {
  applyEventToActiveScan,
  applyScanProgress,
  liveScanQueryKeys,
  subscribeScanProgress,
} from './live-scans'
import { type AppSocket, joinSiteRooms } from './socket'

function makeActiveScan(overrides: Partial<ActiveScan> = {}): ActiveScan {
  return {
    id: 'scan-1',
    originalConfig: { sys: { id: 'site-1', slug: 'demo-site' }, siteName: 'Canopy Demo Site' },
    rootUri: 'http://127.0.0.1:8090/',
    qaFinished: 0,
    qaEnqueued: 0,
    progress: 0,
    pageCount: 0,
    individualScan: false,
    isMultiple: false,
    isRootKey: true,
    individualUrl: null,
    individualPageTitle: null,
    kind: 'site',
    state: 'queued',
    queuePosition: 1,
    queuedAt: '2026-11-20T09:59:00.000Z',
    startedAt: null,
    ...overrides,
  }
}

function makeScanStatus(overrides: Partial<ScanStatus> = {}): ScanStatus {
  return {
    id: 'scan-1',
    number: 4,
    kind: 'site',
    trigger: 'manual',
    state: 'queued',
    sectionId: null,
    individualUrl: null,
    progress: 0,
    pagesDiscovered: 0,
    pagesQueued: 0,
    pagesScanned: 0,
    pagesFailed: 0,
    queuedAt: '2026-11-20T09:59:00.000Z',
    startedAt: null,
    finishedAt: null,
    error: null,
    stopReason: null,
    ...overrides,
  }
}

const running: ScanProgressEvent = {
  id: 'scan-1',
  siteId: 'site-1',
  kind: 'site',
  state: 'running',
  progress: 40,
  qaFinished: 4,
  qaEnqueued: 10,
  stage: 'auditing',
}

function seedCache() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const status: SiteScanStatus = {
    active: makeScanStatus(),
    queuePosition: 2,
    lastFinished: null,
    canStartScan: false,
  }
  queryClient.setQueryData(liveScanQueryKeys.active(), [makeActiveScan()])
  queryClient.setQueryData(liveScanQueryKeys.siteStatus('demo-site'), status)
  queryClient.setQueryData(['sites', 'detail', 'demo-site'], makeSite())
  return queryClient
}

describe('scan progress events into the query cache', () => {
  it('moves a queued scan to running with its counts, in the active scans and the site status, with no request', () => {
    const api = installFakeApi({})
    const queryClient = seedCache()
    applyScanProgress(queryClient, running)

    const [scan] = queryClient.getQueryData<ActiveScan[]>(liveScanQueryKeys.active()) ?? []
    expect(scan).toMatchObject({
      state: 'running',
      progress: 40,
      qaFinished: 4,
      qaEnqueued: 10,
      queuePosition: null,
    })
    expect(scan?.startedAt).not.toBeNull()
    const status = queryClient.getQueryData<SiteScanStatus>(liveScanQueryKeys.siteStatus('demo-site'))
    expect(status?.queuePosition).toBe(0)
    expect(status?.active).toMatchObject({ state: 'running', progress: 40, pagesQueued: 10, pagesScanned: 4 })
    expect(api.calls).toEqual([])
  })

  it('drops a finished scan from the active scans and marks what is cached about its site for a refetch', () => {
    installFakeApi({})
    const queryClient = seedCache()
    queryClient.setQueryData(['sites', 'detail', 'demo-site', 'history', {}], { overview: [] })
    applyScanProgress(queryClient, { ...running, state: 'completed', progress: 100, qaFinished: 10 })
    expect(queryClient.getQueryData(liveScanQueryKeys.active())).toEqual([])
    expect(queryClient.getQueryState(liveScanQueryKeys.active())?.isInvalidated).toBe(true)
    for (const key of [
      liveScanQueryKeys.siteStatus('demo-site'),
      ['sites', 'detail', 'demo-site'],
      ['sites', 'detail', 'demo-site', 'history', {}],
    ]) {
      expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true)
    }
  })

  it('asks for the active scans once when an event names a scan the list does not hold yet', () => {
    installFakeApi({ 'GET /api/v1/scans': reply([]) })
    const queryClient = seedCache()
    const event = { ...running, id: 'scan-new', state: 'queued' as const, progress: 0 }
    applyScanProgress(queryClient, event)
    expect(queryClient.getQueryState(liveScanQueryKeys.active())?.isInvalidated).toBe(true)
    queryClient.setQueryData(liveScanQueryKeys.active(), [makeActiveScan()])
    applyScanProgress(queryClient, event)
    expect(queryClient.getQueryState(liveScanQueryKeys.active())?.isInvalidated).toBe(false)
  })

  it('keeps a queued scan queued until an event says it runs', () => {
    const scan = makeActiveScan({ queuePosition: 3 })
    expect(applyEventToActiveScan(scan, { ...running, state: 'queued', progress: 0 })).toMatchObject({
      state: 'queued',
      queuePosition: 3,
    })
  })
})

describe('the session socket feeding the cache', () => {
  let http: HttpServer
  let ioServer: Server
  let socket: AppSocket
  const joined: string[] = []
  let serverSocket: ServerSocket | null = null

  beforeEach(async () => {
    http = createServer()
    ioServer = new Server(http, { path: '/socket.io' })
    ioServer.on('connection', (connection) => {
      serverSocket = connection
      connection.on('site:join', (request: { slug: string }, ack: (answer: { ok: boolean }) => void) => {
        joined.push(request.slug)
        ack({ ok: true })
      })
    })
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    const { port } = http.address() as AddressInfo
    socket = io(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      autoConnect: false,
    }) as unknown as AppSocket
  })

  afterEach(async () => {
    socket.disconnect()
    joined.length = 0
    serverSocket = null
    await ioServer.close()
  })

  it('joins the site rooms once connected and writes scan-progress events into the cache', async () => {
    installFakeApi({})
    const queryClient = seedCache()
    const unsubscribe = subscribeScanProgress(socket, queryClient)
    joinSiteRooms(socket, ['demo-site', 'docs'])
    socket.connect()
    await expect.poll(() => [...joined].sort()).toEqual(['demo-site', 'docs'])

    serverSocket?.emit('scan-progress', running)
    await expect
      .poll(() => queryClient.getQueryData<ActiveScan[]>(liveScanQueryKeys.active())?.[0]?.progress)
      .toBe(40)

    unsubscribe()
    serverSocket?.emit('scan-progress', { ...running, progress: 80 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(queryClient.getQueryData<ActiveScan[]>(liveScanQueryKeys.active())?.[0]?.progress).toBe(40)
  })
})
