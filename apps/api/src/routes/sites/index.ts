import {
  CheckUrlRequestSchema,
  CheckUrlResponseSchema,
  CreateSiteRequestSchema,
  ListQuerySchema,
  pagedListSchema,
  SITE_LIST_SORT_KEYS,
  SiteConfigSchema,
  SiteListItemSchema,
} from '@canopy/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { checkSiteUrl } from '../../services/check-url-service.js'
import { queueFirstSiteScan } from '../../services/first-scan-service.js'
import { upsertSiteScanSchedule } from '../../services/scan-schedule-service.js'
import { createSite, listSites } from '../../services/site-service.js'
import { errorResponses } from '../schemas.js'
import siteScope from './site-scope.js'

const SiteListQuerySchema = ListQuerySchema.extend({ sortBy: z.enum(SITE_LIST_SORT_KEYS).optional() })

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A successful change under /sites (a site added or edited, a section changed, a scan started) is seen at
 * once by the next request to this process: what it keeps of the site's access and answers is dropped
 * before the change's own answer is sent.
 */
async function forgetChangedSite(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (!MUTATING_METHODS.has(request.method) || reply.statusCode >= 400) return
  if (request.siteAccess) {
    this.siteAccess.forgetSite(request.siteAccess.siteId)
    this.resultsCache.forgetSite(request.siteAccess.siteId)
  } else this.resultsCache.forgetSiteLists()
}

/** GET /sites: the user's sites list, kept a few seconds per user (results-cache). */
const siteListRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.resultsCache.cacheUserAnswers(fastify)
  fastify.get(
    '',
    {
      schema: {
        tags: ['sites'],
        summary: 'The sites the signed-in user is a member of (directly or through a group)',
        querystring: SiteListQuerySchema,
        response: { 200: pagedListSchema(SiteListItemSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      listSites(
        fastify.prisma,
        { userId: getSignedInUser(request).id, onlySiteIds: request.apiToken?.siteIds ?? null },
        request.query,
      ),
  )
}

/** /api/v1/sites: the sites the user may see, and creating one. Everything under /:slug is in site-scope. */
const sitesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook('onSend', async function (request, reply, payload) {
    await forgetChangedSite.call(this, request, reply)
    return payload
  })
  await fastify.register(siteListRoute)

  fastify.post(
    '',
    {
      schema: {
        tags: ['sites'],
        summary:
          'Create a site (with its first section and weekly schedule) in an organisation the user administers; the user becomes its admin and its first full scan is queued',
        body: CreateSiteRequestSchema,
        response: { 201: SiteConfigSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const userId = getSignedInUser(request).id
      const site = await createSite(fastify.prisma, userId, request.body)
      await upsertSiteScanSchedule(fastify.queues, {
        id: site.sys.id,
        scanSchedule: site.scanSchedule,
        timeZone: site.timeZone,
      })
      // The site exists either way: a queue that refuses the first scan leaves it failed, with Scan now.
      await queueFirstSiteScan(
        { prisma: fastify.prisma, queues: fastify.queues },
        { id: site.sys.id, maximumPageLimitPerScan: site.maximumPageLimitPerScan },
        userId,
      ).catch((error: unknown) =>
        request.log.warn({ err: error }, 'the first scan of a new site was not queued'),
      )
      reply.code(201)
      return site
    },
  )

  fastify.post(
    '/check-url',
    {
      schema: {
        tags: ['sites'],
        summary:
          "Check a would-be site root before adding it: does it answer through the scanner's network guard, does robots.txt let the scanner read it (400 on url for an internal address not allow-listed)",
        body: CheckUrlRequestSchema,
        response: { 200: CheckUrlResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => checkSiteUrl(fastify.queues, request.body.url),
  )

  await fastify.register(siteScope, { prefix: '/:slug' })
}

export default sitesRoutes
