import {
  ActiveScanSchema,
  ScanElementScreenshotQuerySchema,
  ScanProgressSchema,
  SinglePageScanRequestSchema,
  SinglePageScanResponseSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import {
  findSinglePageScanElementScreenshot,
  findSinglePageScanSnapshot,
} from '../../services/scan-artifacts-service.js'
import { listActiveScans } from '../../services/scan-service.js'
import {
  getSinglePageScanProgress,
  requestSinglePageScan,
  SINGLE_PAGE_SCAN_WAIT_MS,
} from '../../services/scan-single-page-service.js'
import { errorResponses, type FastifyZodInstance } from '../schemas.js'
import { SNAPSHOT_HELMET_OPTIONS, sendScreenshot, sendSnapshot } from './artifact-replies.js'

const ScanParamsSchema = z.object({ scanId: z.string().min(1).max(100) })

/** A waiting request sends nothing for a while: its socket may idle that long, plus a margin. */
const WAITING_SOCKET_TIMEOUT_MS = SINGLE_PAGE_SCAN_WAIT_MS + 15_000

/** GET /scans */
function activeScansRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/scans',
    {
      schema: {
        tags: ['scans'],
        summary: "The signed-in user's site, section and page scans still queued or running",
        response: { 200: z.array(ActiveScanSchema), ...errorResponses(401) },
      },
    },
    async (request) => listActiveScans(prisma, getSignedInUser(request).id),
  )
}

/** POST /scans */
function singlePageScanRoute(fastify: FastifyZodInstance) {
  const { prisma, queues } = fastify
  fastify.post(
    '/scans',
    {
      schema: {
        tags: ['scans'],
        summary:
          'Scan one page now. useSocket: answer {success, id} and send the result over Socket.IO (waitForScan); otherwise wait for it (up to two minutes, then answer the id)',
        body: SinglePageScanRequestSchema,
        response: { 200: SinglePageScanResponseSchema, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request) => {
      if (!request.body.useSocket) request.raw.socket?.setTimeout?.(WAITING_SOCKET_TIMEOUT_MS)
      return requestSinglePageScan(
        { prisma, queues, scanEvents: fastify.scanEvents, siteAccess: fastify.siteAccess },
        getSignedInUser(request).id,
        request.body,
      )
    },
  )
}

/** GET /single-page-scan/progress/:scanId */
function singlePageScanProgressRoute(fastify: FastifyZodInstance) {
  const { prisma, queues } = fastify
  fastify.get(
    '/single-page-scan/progress/:scanId',
    {
      schema: {
        tags: ['scans'],
        summary: 'Queue position (0 = running), scans waiting or running, and an estimate in ms',
        params: ScanParamsSchema,
        response: { 200: ScanProgressSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      getSinglePageScanProgress({ prisma, queues }, getSignedInUser(request).id, request.params.scanId),
  )
}

/** GET /single-page-scan/snapshot/:scanId */
function singlePageScanSnapshotRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/single-page-scan/snapshot/:scanId',
    {
      helmet: SNAPSHOT_HELMET_OPTIONS,
      schema: {
        tags: ['scans'],
        summary: 'The HTML snapshot of the scanned page, sandboxed (no scripts run)',
        params: ScanParamsSchema,
        response: errorResponses(401, 404),
      },
    },
    async (request, reply) => {
      const file = await findSinglePageScanSnapshot(
        { prisma, artifactsDir: fastify.config.artifactsDir },
        getSignedInUser(request).id,
        request.params.scanId,
      )
      return sendSnapshot(reply, file)
    },
  )
}

/** GET /single-page-scan/element-screenshot/:scanId */
function singlePageScanElementScreenshotRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/single-page-scan/element-screenshot/:scanId',
    {
      schema: {
        tags: ['scans'],
        summary:
          "The screenshot (PNG) of a failing element of the scanned page; path is the node's screenshotPath",
        params: ScanParamsSchema,
        querystring: ScanElementScreenshotQuerySchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) => {
      const file = await findSinglePageScanElementScreenshot(
        { prisma, artifactsDir: fastify.config.artifactsDir },
        getSignedInUser(request).id,
        request.params.scanId,
        request.query.path,
      )
      return sendScreenshot(reply, file)
    },
  )
}

/** /api/v1/scans and /api/v1/single-page-scan: scans that are not bound to one site's URL space. */
const scansRoutes: FastifyPluginAsyncZod = async (fastify) => {
  activeScansRoute(fastify)
  singlePageScanRoute(fastify)
  singlePageScanProgressRoute(fastify)
  singlePageScanSnapshotRoute(fastify)
  singlePageScanElementScreenshotRoute(fastify)
}

export default scansRoutes
