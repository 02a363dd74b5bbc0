import {
  ChangeSiteUserRequestSchema,
  describePermissions,
  SitePermissionsSchema,
  SiteUserDetailSchema,
  SiteUsersPageSchema,
  SiteUsersQuerySchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  getSiteUser,
  getSiteUsers,
  removeSiteUser,
  updateSiteUser,
} from '../../services/site-users-service.js'
import { errorResponses, type FastifyZodInstance } from '../schemas.js'
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
  siteUserRoutes(fastify)
  fastify.get(
    '/permissions',
    {
      config: { permission: 'manageMembers' },
      schema: {
        tags: ['users'],
        summary:
          'What each role may do on the site (each permission with the roles that have it), and your role',
        params: SiteParamsSchema,
        response: { 200: SitePermissionsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => describePermissions(getSiteAccess(request).role),
  )
}

const SiteUserParamsSchema = SiteParamsSchema.extend({ userId: z.string().min(1).max(100) })

/**
 * GET, PUT and DELETE /users/:userId: one user's roles on the site. Whoever may list the users may read one
 * (viewMembers, the settings user detail read-only); changing a role or the account's expiry, or removing
 * a member, is the admins'.
 */
function siteUserRoutes(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  const config = { permission: 'manageMembers' } as const
  fastify.get(
    '/users/:userId',
    {
      config: { permission: 'viewMembers' },
      schema: {
        tags: ['users'],
        summary:
          'One user who can see the site: their role, their own membership role, and every group that gives them a role (those they are in and the groups those are nested in) with it',
        params: SiteUserParamsSchema,
        response: { 200: SiteUserDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getSiteUser(prisma, getSiteAccess(request).siteId, request.params.userId),
  )
  fastify.put(
    '/users/:userId',
    {
      config,
      schema: {
        tags: ['users'],
        summary:
          "Change a member's role (409 when it would leave the site without an administrator) or set or clear the account's expiry (a future date; 409 for your own account, a staff account, or one that also sees sites you do not administer)",
        params: SiteUserParamsSchema,
        body: ChangeSiteUserRequestSchema,
        response: { 200: SiteUserDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const scope = { siteId: getSiteAccess(request).siteId, caller: getSignedInUser(request) }
      const detail = await updateSiteUser(prisma, scope, request.params.userId, request.body)
      if (request.body.accountExpiry !== undefined) fastify.sessions.forgetUser(request.params.userId)
      return detail
    },
  )
  fastify.delete(
    '/users/:userId',
    {
      config,
      schema: {
        tags: ['users'],
        summary: 'Remove a member from the site; 409 when it would leave the site without an administrator',
        params: SiteUserParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeSiteUser(prisma, getSiteAccess(request).siteId, request.params.userId)
      return reply.code(204).send(null)
    },
  )
}

export default siteUsersRoutes
