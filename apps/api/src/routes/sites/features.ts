import { FeatureFlagParamsSchema, FeatureFlagSchema, SiteFeatureFlagInputSchema } from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getRealUser, getSignedInUser } from '../../plugins/app/auth.js'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { changeSiteFeatureFlag, presentFeatureFlag } from '../../services/feature-flags-service.js'
import { errorResponses } from '../schemas.js'
import { requireStaff } from '../staff/index.js'
import { SiteParamsSchema } from './site.js'

const ParamsSchema = SiteParamsSchema.extend(FeatureFlagParamsSchema.shape)

/** PUT /sites/:slug/features/:name: staff set the site's own value of a flag (on a site they may see). */
const siteFeatureFlagRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.put(
    '/features/:name',
    {
      // Staff only, whatever their role on the site: seeing the site is enough once they are staff.
      config: { permission: 'viewResults' },
      onRequest: requireStaff,
      schema: {
        tags: ['features', 'staff'],
        summary:
          'Staff: switch a feature flag on or off for this site, or follow the global value again (active: null)',
        params: ParamsSchema,
        body: SiteFeatureFlagInputSchema,
        response: { 200: FeatureFlagSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { siteId } = getSiteAccess(request)
      const flag = await changeSiteFeatureFlag(fastify.prisma, {
        actorId: getRealUser(request).id,
        ip: request.ip,
        name: request.params.name,
        active: request.body.active,
        siteId,
      })
      fastify.featureFlags.forget()
      const values = await fastify.featureFlags.values(siteId)
      return presentFeatureFlag(values, flag, { isStaff: getSignedInUser(request).isStaff })
    },
  )
}

export default siteFeatureFlagRoutes
