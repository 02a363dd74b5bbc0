import { SiteUsersPageSchema, SiteUsersQuerySchema } from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { getSiteUsers } from '../../services/site-users-service.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

/** GET /users: whom an editor may assign an issue to, and whom an admin manages. */
const siteUsersRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/users',
    {
      config: { permission: 'viewMembers' },
      schema: {
        tags: ['users'],
        summary:
          'The people who can see the site (with includeInherited, also through its groups), by name, zero-based pages',
        params: SiteParamsSchema,
        querystring: SiteUsersQuerySchema,
        response: { 200: SiteUsersPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSiteUsers(fastify.prisma, getSiteAccess(request).siteId, request.query),
  )
}

export default siteUsersRoutes
