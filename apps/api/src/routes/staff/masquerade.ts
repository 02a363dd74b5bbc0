import { MASQUERADE_MESSAGES, MasqueradeRequestSchema, UserSchema } from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { badRequest } from '../../http-errors.js'
import { getRealUser, getSignedInUser, isMasquerading } from '../../plugins/app/auth.js'
import { presentUser } from '../../presenters/user.js'
import { startMasquerade, stopMasquerade } from '../../services/masquerade-service.js'
import { errorResponses } from '../schemas.js'

/**
 * POST /masquerade: a staff member's session acts as another user until DELETE /masquerade; both are
 * audited. At the root, beside /login, as the client calls it.
 */
const masqueradeRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook('onRequest', fastify.sessions.requireUser)

  fastify.post(
    '/masquerade',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff: act as another user (by id or e-mail address), never another member of staff',
        body: MasqueradeRequestSchema,
        response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // While masquerading the acting user is not staff: stop first, then start again.
      const staff = getSignedInUser(request)
      const target = await startMasquerade(fastify.prisma, {
        staff,
        masqueradeId: request.body.masqueradeId,
        ip: request.ip,
      })
      await fastify.sessions.setMasquerade(request, target.id)
      return presentUser(target, staff)
    },
  )

  fastify.delete(
    '/masquerade',
    {
      schema: {
        tags: ['staff'],
        summary: 'Stop masquerading: the session acts as its own (staff) user again',
        response: { 200: UserSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      if (!isMasquerading(request)) throw badRequest('masqueradeId', MASQUERADE_MESSAGES.notMasquerading)
      const staff = getRealUser(request)
      await stopMasquerade(fastify.prisma, { staff, targetId: getSignedInUser(request).id, ip: request.ip })
      await fastify.sessions.setMasquerade(request, null)
      return presentUser(staff)
    },
  )
}

export default masqueradeRoutes
