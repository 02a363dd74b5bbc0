import { AlertsQuerySchema, AlertsResponseSchema } from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { listDashboardAlerts } from '../../services/alerts-service.js'
import { errorResponses } from '../schemas.js'

/** /api/v1/alerts: the dashboard alerts; dismissing one is kept by the browser. */
const alertsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/alerts',
    {
      schema: {
        tags: ['alerts'],
        summary: 'The dashboard alerts for every site, plus those of ?site= (a site the user may see)',
        querystring: AlertsQuerySchema,
        response: { 200: AlertsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      listDashboardAlerts(
        { prisma: fastify.prisma, siteAccess: fastify.siteAccess },
        getSignedInUser(request).id,
        request.query,
      ),
  )
}

export default alertsRoutes
