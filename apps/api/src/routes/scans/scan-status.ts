import { SiteScanStatusSchema } from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { getSiteScanStatus } from '../../services/scan-status-service.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from '../sites/site.js'

/** What the site's dashboard says about scanning, for every member (canStartScan is for admins only). */
const scanStatusRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/scan-status',
    {
      schema: {
        tags: ['scans'],
        summary:
          "The site's scan under way with its queue position, the last finished scan, and whether the user may start one",
        params: SiteParamsSchema,
        response: { 200: SiteScanStatusSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getSiteScanStatus(fastify.prisma, getSiteAccess(request)),
  )
}

export default scanStatusRoutes
