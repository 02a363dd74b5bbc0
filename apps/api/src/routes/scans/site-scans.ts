import {
  AddPageScanRequestSchema,
  PageDetailSchema,
  PageElementScreenshotQuerySchema,
  PageQuerySchema,
  ProductSnapshotQuerySchema,
  ScanStatusSchema,
  StartScanResponseSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  findPageElementScreenshot,
  findPageScreenshot,
  findPageSnapshot,
  getPageDetail,
} from '../../services/scan-artifacts-service.js'
import { getScanStatus, startPageScan, startSectionScan, startSiteScan } from '../../services/scan-service.js'
import { errorResponses, type FastifyZodInstance } from '../schemas.js'
import { SiteParamsSchema } from '../sites/site.js'
import { SNAPSHOT_HELMET_OPTIONS, sendScreenshot, sendSnapshot } from './artifact-replies.js'

const SiteScanParamsSchema = SiteParamsSchema.extend({ scanId: z.string().min(1).max(100) })
const SectionScanParamsSchema = SiteParamsSchema.extend({ sectionId: z.string().min(1).max(100) })

/** POST /scan */
function startSiteScanRoute(fastify: FastifyZodInstance) {
  const { prisma, queues } = fastify
  fastify.post(
    '/scan',
    {
      config: { permission: 'startScans' },
      schema: {
        tags: ['scans'],
        summary:
          'Start a full-site scan now (editors and admins: startScans); 409 while one is queued or running',
        params: SiteParamsSchema,
        response: { 202: StartScanResponseSchema, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const started = await startSiteScan(
        { prisma, queues },
        getSiteAccess(request),
        getSignedInUser(request).id,
      )
      return reply.code(202).send(started)
    },
  )
}

/** GET /scans/:scanId */
function scanStatusOfScanRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/scans/:scanId',
    {
      schema: {
        tags: ['scans'],
        summary: 'The state and page counts of one scan of the site',
        params: SiteScanParamsSchema,
        response: { 200: ScanStatusSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getScanStatus(prisma, getSiteAccess(request), request.params.scanId),
  )
}

/** POST /scans */
function addPageScanRoute(fastify: FastifyZodInstance) {
  const { prisma, queues } = fastify
  fastify.post(
    '/scans',
    {
      config: { permission: 'startScans' },
      schema: {
        tags: ['scans'],
        summary:
          'Add (or rescan) one page of the site (editors and admins: startScans); the URL must be inside the site root',
        params: SiteParamsSchema,
        body: AddPageScanRequestSchema,
        response: { 202: StartScanResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const started = await startPageScan(
        { prisma, queues },
        getSiteAccess(request),
        getSignedInUser(request).id,
        request.body,
      )
      return reply.code(202).send(started)
    },
  )
}

/** POST /sections/:sectionId/scan */
function startSectionScanRoute(fastify: FastifyZodInstance) {
  const { prisma, queues } = fastify
  fastify.post(
    '/sections/:sectionId/scan',
    {
      config: { permission: 'startScans' },
      schema: {
        tags: ['scans'],
        summary:
          'Rescan one section (editors and admins: startScans); 409 while it or a full scan is under way',
        params: SectionScanParamsSchema,
        response: { 202: StartScanResponseSchema, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const started = await startSectionScan(
        { prisma, queues },
        getSiteAccess(request),
        getSignedInUser(request).id,
        request.params.sectionId,
      )
      return reply.code(202).send(started)
    },
  )
}

/** GET /page */
function pageDetailRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  const files = { prisma, artifactsDir: fastify.config.artifactsDir }
  fastify.get(
    '/page',
    {
      schema: {
        tags: ['pages'],
        summary: 'One page with the latest outcome of every audit, per category (Audit page data)',
        params: SiteParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: PageDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getPageDetail(files, getSiteAccess(request).siteId, request.query.pageId),
  )
}

/** GET /full-page-screenshot */
function fullPageScreenshotRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  const files = { prisma, artifactsDir: fastify.config.artifactsDir }
  fastify.get(
    '/full-page-screenshot',
    {
      schema: {
        tags: ['pages'],
        summary: 'The full-page screenshot (PNG) of a page, from its last scan',
        params: SiteParamsSchema,
        querystring: PageQuerySchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) =>
      sendScreenshot(
        reply,
        await findPageScreenshot(files, getSiteAccess(request).siteId, request.query.pageId),
      ),
  )
}

/** GET /element-screenshot */
function elementScreenshotRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  const files = { prisma, artifactsDir: fastify.config.artifactsDir }
  fastify.get(
    '/element-screenshot',
    {
      schema: {
        tags: ['pages'],
        summary:
          "The screenshot (PNG) of a failing element of a page; path is the node's screenshotPath from a scan of this site",
        params: SiteParamsSchema,
        querystring: PageElementScreenshotQuerySchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) =>
      sendScreenshot(
        reply,
        await findPageElementScreenshot(files, getSiteAccess(request).siteId, request.query),
      ),
  )
}

/** GET /product-snapshot */
function productSnapshotRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  const files = { prisma, artifactsDir: fastify.config.artifactsDir }
  fastify.get(
    '/product-snapshot',
    {
      helmet: SNAPSHOT_HELMET_OPTIONS,
      schema: {
        tags: ['pages'],
        summary: 'The HTML snapshot of a page of the site, by url or by page id (guid), sandboxed',
        params: SiteParamsSchema,
        querystring: ProductSnapshotQuerySchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) =>
      sendSnapshot(reply, await findPageSnapshot(files, getSiteAccess(request).siteId, request.query)),
  )
}

/**
 * Scans of one site and what they stored, under /api/v1/sites/:slug (registered in site-scope, so the
 * membership check has run). Starting a scan spends the site's credits: editors and admins (startScans).
 */
const siteScansRoutes: FastifyPluginAsyncZod = async (fastify) => {
  startSiteScanRoute(fastify)
  scanStatusOfScanRoute(fastify)
  addPageScanRoute(fastify)
  startSectionScanRoute(fastify)
  pageDetailRoute(fastify)
  fullPageScreenshotRoute(fastify)
  elementScreenshotRoute(fastify)
  productSnapshotRoute(fastify)
}

export default siteScansRoutes
