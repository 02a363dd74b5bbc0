import { SiteConfigSchema, UpdateSiteRequestSchema } from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { assertValidScanSchedule, upsertSiteScanSchedule } from '../../services/scan-schedule-service.js'
import { changeSite, getSiteConfig } from '../../services/site-service.js'
import { errorResponses } from '../schemas.js'

export const SiteParamsSchema = z.object({ slug: z.string().min(1).max(200) })

const siteRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '',
    {
      schema: {
        tags: ['sites'],
        summary: 'The site config, with hasAdminAccess for the signed-in user',
        params: SiteParamsSchema,
        response: { 200: SiteConfigSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getSiteConfig(fastify.prisma, getSiteAccess(request), getSignedInUser(request).id),
  )

  fastify.put(
    '',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags: ['sites'],
        summary: 'Change the site settings (admins: manageSettings)',
        params: SiteParamsSchema,
        body: UpdateSiteRequestSchema,
        response: { 200: SiteConfigSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (request.body.scanSchedule !== undefined) assertValidScanSchedule(request.body.scanSchedule)
      const site = await changeSite(
        fastify.prisma,
        getSiteAccess(request),
        getSignedInUser(request).id,
        request.body,
      )
      await upsertSiteScanSchedule(fastify.queues, { id: site.sys.id, scanSchedule: site.scanSchedule })
      return site
    },
  )
}

export default siteRoutes
