import {
  FeatureFlagListSchema,
  FeatureFlagParamsSchema,
  FeatureFlagQuerySchema,
  FeatureFlagSchema,
  GlobalFeatureFlagInputSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getRealUser, getSignedInUser } from '../../plugins/app/auth.js'
import { capByApiToken } from '../../plugins/app/site-access.js'
import {
  changeGlobalFeatureFlag,
  presentFeatureFlag,
  presentFeatureFlags,
} from '../../services/feature-flags-service.js'
import { errorResponses } from '../schemas.js'
import { requireStaff } from '../staff/index.js'

/**
 * /api/v1/features: the feature flags as they apply to the caller (on one site or globally), and the
 * staff switch of a flag's global value. A site's own values are set under /sites/:slug/features.
 */
const featureFlagRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/features',
    {
      schema: {
        tags: ['features'],
        summary:
          'Every feature flag: its global value, the override of ?site= (a site the caller may see) and whether it is on for the caller (staff: always)',
        querystring: FeatureFlagQuerySchema,
        response: { 200: FeatureFlagListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const user = getSignedInUser(request)
      const { site } = request.query
      const access = site
        ? capByApiToken(await fastify.siteAccess.resolve(user.id, site), request.apiToken)
        : null
      const values = await fastify.featureFlags.values(access?.siteId ?? null)
      return {
        site: access?.slug ?? null,
        localOverrides: fastify.config.envPage,
        items: presentFeatureFlags(values, { isStaff: user.isStaff }),
      }
    },
  )

  fastify.put(
    '/features/:name',
    {
      onRequest: requireStaff,
      schema: {
        tags: ['features', 'staff'],
        summary: 'Staff: switch a feature flag on or off for every site that has no value of its own',
        params: FeatureFlagParamsSchema,
        body: GlobalFeatureFlagInputSchema,
        response: { 200: FeatureFlagSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const flag = await changeGlobalFeatureFlag(fastify.prisma, {
        actorId: getRealUser(request).id,
        ip: request.ip,
        name: request.params.name,
        active: request.body.active,
      })
      fastify.featureFlags.forget()
      const values = await fastify.featureFlags.values(null)
      return presentFeatureFlag(values, flag, { isStaff: getSignedInUser(request).isStaff })
    },
  )
}

export default featureFlagRoutes
