import { HistoryQuerySchema, HistoryResponseSchema, ScanDetailsSchema } from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { getHistory, getScanDetails } from '../../services/history-service.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

/** Scores over time and the last-scan summary of a site or one of its sections, for every member. */
const historyRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { prisma, queues } = fastify

  fastify.get(
    '/history',
    {
      schema: {
        tags: ['history'],
        summary:
          'Score, issue and inventory series of the site (or of one section), one point per completed scan, oldest first',
        params: SiteParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: HistoryResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getHistory(prisma, getSiteAccess(request).siteId, request.query),
  )

  fastify.get(
    '/scan-details',
    {
      schema: {
        tags: ['history'],
        summary:
          'The last-scan summary of the site (or of one section): dates, next scheduled scan, what was scanned',
        params: SiteParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: ScanDetailsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getScanDetails({ prisma, queues }, getSiteAccess(request).siteId, request.query),
  )
}

export default historyRoutes
