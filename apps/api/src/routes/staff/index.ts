import {
  BackendStatusSchema,
  EnvInfoSchema,
  MASQUERADE_MESSAGES,
  StaffUserListSchema,
  StaffUserSearchQuerySchema,
} from '@canopy/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { forbidden, notFound } from '../../http-errors.js'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { presentStaffUser } from '../../presenters/user.js'
import { checkBackendStatus } from '../../services/backend-status-service.js'
import { describeEnvironment } from '../../services/env-service.js'
import { searchUsersForStaff } from '../../services/masquerade-service.js'
import { errorResponses } from '../schemas.js'
import staffAlertsRoutes from './alerts.js'

/** onRequest hook: staff only (while masquerading the acting user is not staff, so staff tools are closed). */
export async function requireStaff(request: FastifyRequest) {
  if (!getSignedInUser(request).isStaff) throw forbidden(MASQUERADE_MESSAGES.staffOnly)
}

/** /api/v1/staff/*: tools only staff may use. */
const staffOnlyRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook('onRequest', requireStaff)

  fastify.get(
    '/staff/users',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff: users whose e-mail address or name contains ?search= (to masquerade as)',
        querystring: StaffUserSearchQuerySchema,
        response: { 200: StaffUserListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      items: (await searchUsersForStaff(fastify.prisma, request.query.search)).map(presentStaffUser),
    }),
  )

  fastify.get(
    '/env',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff, non-production hosts only (404 in production): build, API address, feature flags',
        response: { 200: EnvInfoSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async () => {
      if (!fastify.config.envPage) throw notFound('There is no environment page on this host.')
      return describeEnvironment(fastify.prisma, fastify.config)
    },
  )
  await fastify.register(staffAlertsRoutes)
}

/** Staff tools and the service status (every signed-in user; only staff see the figures). */
const staffRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/status/backend-cms',
    {
      schema: {
        tags: ['staff'],
        summary:
          'The health of PostgreSQL, Redis, every queue, the workers and Chromium; figures for staff only',
        response: { 200: BackendStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) =>
      checkBackendStatus(
        {
          prisma: fastify.prisma,
          redis: fastify.redis,
          queues: fastify.queues,
          queuePrefix: fastify.config.queuePrefix,
        },
        { isStaff: getSignedInUser(request).isStaff },
      ),
  )
  await fastify.register(staffOnlyRoutes)
}

export default staffRoutes
