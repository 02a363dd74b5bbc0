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
import { findScanById, findScanVisibleToUser, markScanFailed, type Scan } from '@canopy/db'
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
import type { ServerSocket } from './socket-io.js'

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

/**
 * Progress flows one way: the worker reports through BullMQ (job progress, completion, failure), every
 * API process reads those events from Redis with QueueEvents and relays them to its own sockets: the
 * scan's room (`waitForScan`) gets scan-response / scan-error, the site's room gets scan-progress.
 * Each progress report carries the scan's state and counts (the worker reads them), so relaying one costs
 * no read; a single-page scan's job id is its scan id and its completed job returns the result.
 */
async function scanEventsPlugin(fastify: FastifyInstance) {
  const { prisma, io, log } = fastify
  const answers = new EventEmitter()
  answers.setMaxListeners(0)
  const pendingWaits = new Set<() => void>()

  function emitAnswer(target: { emit: ServerSocket['emit'] }, answer: SinglePageScanAnswer) {
    if (answer.success) target.emit(SCAN_SOCKET_EVENTS.response, answer)
    else
      target.emit(SCAN_SOCKET_EVENTS.error, { id: answer.id, message: answer.message ?? SCAN_FAILED_MESSAGE })
  }

  /** To the scan's room, its site's room, and for a single-page scan the requester's room. */
  function emitProgress(event: ScanProgressEvent, requestedById: string | null) {
    const rooms = [scanRoomName(event.id)]
    if (event.siteId) rooms.push(siteRoomName(event.siteId))
    if (event.kind === 'single-page' && requestedById) rooms.push(userRoomName(requestedById))
    io.to(rooms).emit(SCAN_SOCKET_EVENTS.progress, event)
  }

  function emitScanRow(scan: Scan) {
    emitProgress(progressEventOf({ ...scan, kind: presentScanKind(scan.kind) }, scan.id), scan.requestedById)
  }

  async function relaySinglePageOutcome(scanId: string, failedReason: string | null) {
    let scan = await findScanById(prisma, scanId)
    if (!scan) return
    // A job that died without its handler (stalled too often, killed) never marked its scan: do it here.
    if (failedReason !== null && (scan.state === 'queued' || scan.state === 'running')) {
      scan = (await markScanFailed(prisma, scan.id, SCAN_FAILED_MESSAGE)).scan ?? scan
    }
    const answer = presentSinglePageAnswer(scan) ?? {
      id: scan.id,
      success: false,
      message: scan.error ?? SCAN_FAILED_MESSAGE,
    }
    publishAnswer(answer)
    emitScanRow(scan)
  }

  function publishAnswer(answer: SinglePageScanAnswer) {
    emitAnswer(io.to(scanRoomName(answer.id)), answer)
    answers.emit(answer.id, answer)
  }

  /** A completed single-page job returns its result: answered from it, without reading the scan. */
  function relaySinglePageResult(scanId: string, returnvalue: unknown) {
    const result = SinglePageScanResultSchema.safeParse(returnvalue)
    if (result.success) publishAnswer({ id: scanId, success: true, result: result.data })
    else guard('relaying a single-page scan result failed', () => relaySinglePageOutcome(scanId, null))
  }

  /** A job's progress carries the scan's state and counts: relayed as it is, nothing read. */
  function relayProgress(data: unknown) {
    const progress = ScanJobProgressSchema.safeParse(data)
    if (!progress.success || !progress.data.scan) return
    const { scan, ...step } = progress.data
    emitProgress(progressEventOf(scan, step.scanId, step), scan.requestedById)
  }

  function guard(description: string, work: () => Promise<void>) {
    work().catch((error: unknown) => log.error({ err: error }, description))
  }

  const connections: Redis[] = []
  const listeners: QueueEvents[] = []
  for (const queueName of SCAN_QUEUES) {
    // QueueEvents blocks on its connection (XREAD BLOCK): it needs one of its own.
    const connection = new Redis(fastify.config.redisUrl, {
      maxRetriesPerRequest: null,
      connectTimeout: 5_000,
    })
    connection.on('error', (error) => log.warn({ err: error, queue: queueName }, 'Redis connection error'))
    connections.push(connection)
    const events = new QueueEvents(queueName, { connection, prefix: fastify.config.queuePrefix })
    events.on('error', (error) => log.warn({ err: error, queue: queueName }, 'queue events error'))
    listeners.push(events)

    events.on('progress', ({ data }) => relayProgress(data))
    // The scan jobs report their last step as progress, so only a single-page scan's end needs relaying.
    if (queueName === SCAN_QUEUE_NAMES.singlePageScans) {
      events.on('completed', ({ jobId, returnvalue }) => relaySinglePageResult(jobId, returnvalue))
      events.on('failed', ({ jobId, failedReason }) =>
        guard('relaying a single-page scan failure failed', () =>
          relaySinglePageOutcome(jobId, failedReason ?? ''),
        ),
      )
    }
  }

  async function waitForScan(socket: ServerSocket, payload: unknown) {
    const request = WaitForScanRequestSchema.safeParse(payload)
    if (!request.success) return { ok: false, error: 'id: a scan id is required.' }
    const { id } = request.data
    const visible = await findScanVisibleToUser(prisma, { scanId: id, userId: socket.data.userId })
    if (!visible) {
      socket.emit(SCAN_SOCKET_EVENTS.error, { id, message: SCAN_NOT_FOUND_MESSAGE })
      return { ok: false, error: SCAN_NOT_FOUND_MESSAGE }
    }
    await socket.join(scanRoomName(id))
    // Read again after joining: a scan that finished before the socket was in the room is answered now.
    const scan = await findScanById(prisma, id)
    const answer = scan?.kind === 'single_page' ? presentSinglePageAnswer(scan) : null
    if (answer) emitAnswer(socket, answer)
    return { ok: true }
  }

  io.on('connection', (socket) => {
    // The spec's client emits the bare scan id; {scanId} and {id} are accepted too.
    socket.on(SCAN_SOCKET_EVENTS.waitForScan, (payload, ack) => {
      waitForScan(socket, payload)
        .catch((error: unknown) => {
          log.error({ err: error }, 'waitForScan failed')
          return { ok: false, error: SCAN_FAILED_MESSAGE }
        })
        .then((answer) => {
          if (typeof ack === 'function') ack(answer)
        })
    })
  })

  const listening = Promise.all(listeners.map((events) => events.waitUntilReady())).then(() => undefined)
  // Redis may be away at start: the streams connect when it comes back, and the API serves meanwhile.
  listening.catch((error: unknown) => log.warn({ err: error }, 'queue events did not connect'))

  const scanEvents: ScanEvents = {
    listening: () => listening,
    waitForAnswer(scanId, timeoutMs) {
      return new Promise((resolve) => {
        const finish = (answer: SinglePageScanAnswer | null) => {
          clearTimeout(timer)
          answers.off(scanId, finish)
          pendingWaits.delete(cancel)
          resolve(answer)
        }
        const cancel = () => finish(null)
        const timer = setTimeout(cancel, timeoutMs)
        answers.on(scanId, finish)
        pendingWaits.add(cancel)
        // Subscribed first, then read: a scan that finished in between is not missed.
        findScanById(prisma, scanId)
          .then((scan) => {
            const answer = scan ? presentSinglePageAnswer(scan) : null
            if (answer) finish(answer)
          })
          .catch((error: unknown) => log.error({ err: error }, 'reading a scan failed'))
      })
    },
  }
  fastify.decorate('scanEvents', scanEvents)

  // Requests waiting for a result must not hold the server open.
  fastify.addHook('preClose', async () => {
    for (const cancel of [...pendingWaits]) cancel()
  })
  fastify.addHook('onClose', async () => {
    await Promise.all(
      listeners.map(async (events, index) => {
        const connection = connections[index]
        if (connection?.status === 'ready') return events.close()
        // BullMQ's close waits for a connection that never came up: end the connection, do not wait.
        connection?.disconnect()
        events.close().catch(() => undefined)
      }),
    )
    await Promise.all(connections.map(closeRedis))
  })
}

export default fp(scanEventsPlugin, {
  name: 'scan-events',
  dependencies: ['prisma', 'socket-io'],
})
