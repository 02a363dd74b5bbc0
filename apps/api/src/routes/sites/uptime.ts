import { UptimeQuerySchema, UptimeResponseSchema } from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { getUptime } from '../../services/uptime-service.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

/** The site's uptime for every member: what the worker's checks of its root found over a period. */
const uptimeRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/performance/uptime',
    {
      config: { featureFlag: 'performance/uptime' },
      schema: {
        tags: ['performance'],
        summary:
          'Availability, incidents and response times of the site root over a period (24h, 7d or 30d), bucketed for the chart and its table',
        params: SiteParamsSchema,
        querystring: UptimeQuerySchema,
        response: { 200: UptimeResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getUptime(fastify.prisma, getSiteAccess(request).siteId, request.query),
  )
}

export default uptimeRoutes
