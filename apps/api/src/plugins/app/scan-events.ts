import { EventEmitter } from 'node:events'
import {
  SCAN_QUEUE_NAMES,
  SCAN_SOCKET_EVENTS,
  ScanJobProgressSchema,
  type ScanProgressEvent,
  type SinglePageScanAnswer,
  SinglePageScanResultSchema,
  scanRoomName,
  siteRoomName,
  userRoomName,
  WaitForScanRequestSchema,
} from '@canopy/contracts'
import { findScanById, findScanVisibleToUser, markScanFailed } from '@canopy/db'
import { QueueEvents } from 'bullmq'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { closeRedis } from '../../lib/close-redis.js'
import {
  presentScanKind,
  presentSinglePageAnswer,
  progressEventOf,
  SCAN_FAILED_MESSAGE,
} from '../../presenters/scan.js'
import { SCAN_NOT_FOUND_MESSAGE } from '../../services/scan-service.js'
import { type ServerSocket, socketMaySeeSite } from './socket-io.js'

export interface ScanEvents {
  /** Resolves once every queue's event stream is connected (the API starts without waiting for Redis). */
  listening(): Promise<void>
  /** The answer of a single-page scan once it has finished, or null when `timeoutMs` passes first. */
  waitForAnswer(scanId: string, timeoutMs: number): Promise<SinglePageScanAnswer | null>
}

declare module 'fastify' {
  interface FastifyInstance {
    scanEvents: ScanEvents
  }
}

const SCAN_QUEUES = Object.values(SCAN_QUEUE_NAMES)

/** What the relay works with: the database (single-page outcomes only), the sockets and the answer bus. */
interface Relay {
  prisma: FastifyInstance['prisma']
  io: FastifyInstance['io']
  log: FastifyInstance['log']
  /** single-page answers by scan id, for requests waiting without a socket */
  answers: EventEmitter
  /** a scan of the site moved on: what this process keeps of the site's results is out of date */
  siteChanged: (siteId: string) => void
}

function emitAnswer(target: { emit: ServerSocket['emit'] }, answer: SinglePageScanAnswer) {
  if (answer.success) target.emit(SCAN_SOCKET_EVENTS.response, answer)
  else
    target.emit(SCAN_SOCKET_EVENTS.error, { id: answer.id, message: answer.message ?? SCAN_FAILED_MESSAGE })
}

/** To the scan's room, its site's room, and for a single-page scan the requester's room. */
function emitProgress(relay: Relay, event: ScanProgressEvent, requestedById: string | null) {
  const rooms = [scanRoomName(event.id)]
  if (event.siteId) {
    relay.siteChanged(event.siteId)
    rooms.push(siteRoomName(event.siteId))
  }
  if (event.kind === 'single-page' && requestedById) rooms.push(userRoomName(requestedById))
  relay.io.to(rooms).emit(SCAN_SOCKET_EVENTS.progress, event)
}

function publishAnswer(relay: Relay, answer: SinglePageScanAnswer) {
  emitAnswer(relay.io.to(scanRoomName(answer.id)), answer)
  relay.answers.emit(answer.id, answer)
}

function guard(relay: Relay, description: string, work: () => Promise<void>) {
  work().catch((error: unknown) => relay.log.error({ err: error }, description))
}

/** A job's progress carries the scan's state and counts: relayed as it is, nothing read. */
function relayProgress(relay: Relay, data: unknown) {
  const progress = ScanJobProgressSchema.safeParse(data)
  if (!progress.success || !progress.data.scan) return
  const { scan, ...step } = progress.data
  emitProgress(relay, progressEventOf(scan, step.scanId, step), scan.requestedById)
}

/** A single-page scan that ended without a result to relay (it failed): answered from the scan row. */
async function relaySinglePageOutcome(relay: Relay, scanId: string, failedReason: string | null) {
  let scan = await findScanById(relay.prisma, scanId)
  if (!scan) return
  // A job that died without its handler (stalled too often, killed) never marked its scan: do it here.
  if (failedReason !== null && (scan.state === 'queued' || scan.state === 'running')) {
    scan = (await markScanFailed(relay.prisma, scan.id, SCAN_FAILED_MESSAGE)).scan ?? scan
  }
  publishAnswer(
    relay,
    presentSinglePageAnswer(scan) ?? {
      id: scan.id,
      success: false,
      message: scan.error ?? SCAN_FAILED_MESSAGE,
    },
  )
  emitProgress(
    relay,
    progressEventOf({ ...scan, kind: presentScanKind(scan.kind) }, scan.id),
    scan.requestedById,
  )
}

/** A completed single-page job returns its result: answered from it, without reading the scan. */
function relaySinglePageResult(relay: Relay, scanId: string, returnvalue: unknown) {
  const result = SinglePageScanResultSchema.safeParse(returnvalue)
  if (result.success) publishAnswer(relay, { id: scanId, success: true, result: result.data })
  else
    guard(relay, 'relaying a single-page scan result failed', () =>
      relaySinglePageOutcome(relay, scanId, null),
    )
}

/** One queue's event stream, on a connection of its own (QueueEvents blocks on it with XREAD BLOCK). */
function listenToQueue(fastify: FastifyInstance, relay: Relay, queueName: (typeof SCAN_QUEUES)[number]) {
  const { log } = relay
  const connection = new Redis(fastify.config.redisUrl, { maxRetriesPerRequest: null, connectTimeout: 5_000 })
  connection.on('error', (error) => log.warn({ err: error, queue: queueName }, 'Redis connection error'))
  const events = new QueueEvents(queueName, { connection, prefix: fastify.config.queuePrefix })
  events.on('error', (error) => log.warn({ err: error, queue: queueName }, 'queue events error'))
  events.on('progress', ({ data }) => relayProgress(relay, data))
  // The scan jobs report their last step as progress, so only a single-page scan's end needs relaying.
  if (queueName === SCAN_QUEUE_NAMES.singlePageScans) {
    events.on('completed', ({ jobId, returnvalue }) => relaySinglePageResult(relay, jobId, returnvalue))
    events.on('failed', ({ jobId, failedReason }) =>
      guard(relay, 'relaying a single-page scan failure failed', () =>
        relaySinglePageOutcome(relay, jobId, failedReason ?? ''),
      ),
    )
  }
  return { connection, events }
}

/** The spec's client emits the bare scan id; {scanId} and {id} are accepted too. */
/** A scan of no site (a single page anywhere), or of a site the socket's API token covers. */
function tokenCoversScan(socket: ServerSocket, scan: { siteId: string | null }) {
  return scan.siteId === null || socketMaySeeSite(socket, scan.siteId)
}

async function waitForScan(relay: Relay, socket: ServerSocket, payload: unknown) {
  const request = WaitForScanRequestSchema.safeParse(payload)
  if (!request.success) return { ok: false, error: 'id: a scan id is required.' }
  const { id } = request.data
  const visible = await findScanVisibleToUser(relay.prisma, { scanId: id, userId: socket.data.userId })
  if (!visible || !tokenCoversScan(socket, visible)) {
    socket.emit(SCAN_SOCKET_EVENTS.error, { id, message: SCAN_NOT_FOUND_MESSAGE })
    return { ok: false, error: SCAN_NOT_FOUND_MESSAGE }
  }
  await socket.join(scanRoomName(id))
  // Read again after joining: a scan that finished before the socket was in the room is answered now.
  const scan = await findScanById(relay.prisma, id)
  const answer = scan?.kind === 'single_page' ? presentSinglePageAnswer(scan) : null
  if (answer) emitAnswer(socket, answer)
  return { ok: true }
}

function handleWaitForScan(relay: Relay) {
  relay.io.on('connection', (socket) => {
    socket.on(SCAN_SOCKET_EVENTS.waitForScan, (payload, ack) => {
      waitForScan(relay, socket, payload)
        .catch((error: unknown) => {
          relay.log.error({ err: error }, 'waitForScan failed')
          return { ok: false, error: SCAN_FAILED_MESSAGE }
        })
        .then((answer) => {
          if (typeof ack === 'function') ack(answer)
        })
    })
  })
}

/** Resolves with the scan's answer once it is known, or null at the timeout (or when the server closes). */
function waitForAnswer(relay: Relay, pendingWaits: Set<() => void>, scanId: string, timeoutMs: number) {
  return new Promise<SinglePageScanAnswer | null>((resolve) => {
    const finish = (answer: SinglePageScanAnswer | null) => {
      clearTimeout(timer)
      relay.answers.off(scanId, finish)
      pendingWaits.delete(cancel)
      resolve(answer)
    }
    const cancel = () => finish(null)
    const timer = setTimeout(cancel, timeoutMs)
    relay.answers.on(scanId, finish)
    pendingWaits.add(cancel)
    // Subscribed first, then read: a scan that finished in between is not missed.
    findScanById(relay.prisma, scanId)
      .then((scan) => {
        const answer = scan ? presentSinglePageAnswer(scan) : null
        if (answer) finish(answer)
      })
      .catch((error: unknown) => relay.log.error({ err: error }, 'reading a scan failed'))
  })
}

async function closeStreams(streams: ReturnType<typeof listenToQueue>[]) {
  await Promise.all(
    streams.map(async ({ connection, events }) => {
      if (connection.status === 'ready') return events.close()
      // BullMQ's close waits for a connection that never came up: end the connection, do not wait.
      connection.disconnect()
      events.close().catch(() => undefined)
    }),
  )
  await Promise.all(streams.map(({ connection }) => closeRedis(connection)))
}

/**
 * Progress flows one way: the worker reports through BullMQ (job progress, completion, failure), every
 * API process reads those events from Redis with QueueEvents and relays them to its own sockets: the
 * scan's room (`waitForScan`) gets scan-response / scan-error, the scan's and site's rooms scan-progress.
 * Each progress report carries the scan's state and counts (the worker reads them), so relaying one costs
 * no read; a single-page scan's job id is its scan id and its completed job returns the result.
 */
async function scanEventsPlugin(fastify: FastifyInstance) {
  const { prisma, io, log } = fastify
  const relay: Relay = {
    prisma,
    io,
    log,
    answers: new EventEmitter(),
    siteChanged: (siteId) => fastify.resultsCache.forgetSite(siteId),
  }
  relay.answers.setMaxListeners(0)
  const pendingWaits = new Set<() => void>()
  const streams = SCAN_QUEUES.map((queueName) => listenToQueue(fastify, relay, queueName))
  handleWaitForScan(relay)

  const listening = Promise.all(streams.map(({ events }) => events.waitUntilReady())).then(() => undefined)
  // Redis may be away at start: the streams connect when it comes back, and the API serves meanwhile.
  listening.catch((error: unknown) => log.warn({ err: error }, 'queue events did not connect'))
  fastify.decorate('scanEvents', {
    listening: () => listening,
    waitForAnswer: (scanId, timeoutMs) => waitForAnswer(relay, pendingWaits, scanId, timeoutMs),
  } satisfies ScanEvents)

  // Requests waiting for a result must not hold the server open.
  fastify.addHook('preClose', async () => {
    for (const cancel of [...pendingWaits]) cancel()
  })
  fastify.addHook('onClose', () => closeStreams(streams))
}

export default fp(scanEventsPlugin, {
  name: 'scan-events',
  dependencies: ['prisma', 'socket-io', 'results-cache'],
})
