import {
  ApiTokenListSchema,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
  OkResponseSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { presentApiToken } from '../../presenters/profile.js'
import {
  createPersonalApiToken,
  listPersonalApiTokens,
  revokePersonalApiToken,
} from '../../services/api-token-service.js'
import { errorResponses } from '../schemas.js'

/** Personal API tokens: managed only from a signed-in browser (a token cannot make or revoke tokens). */
const apiTokenRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook('onRequest', fastify.sessions.requireSessionCookie)
  fastify.get(
    '/tokens',
    {
      schema: {
        tags: ['profile'],
        summary: 'The personal API tokens of the signed-in user (never the tokens themselves)',
        response: { 200: ApiTokenListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const rows = await listPersonalApiTokens(fastify.prisma, getSignedInUser(request).id)
      return { tokens: rows.map(presentApiToken) }
    },
  )
  fastify.post(
    '/tokens',
    {
      config: { refusedWhileMasquerading: true },
      schema: {
        tags: ['profile'],
        summary:
          'Create a personal API token (read or write, all or chosen sites, optional expiry); the token is in this answer only',
        body: CreateApiTokenSchema,
        response: { 201: CreatedApiTokenSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const deps = { prisma: fastify.prisma, siteAccess: fastify.siteAccess }
      const { row, token } = await createPersonalApiToken(deps, getSignedInUser(request).id, request.body)
      reply.code(201)
      return { ...presentApiToken(row), token }
    },
  )
  fastify.delete(
    '/tokens/:tokenId',
    {
      schema: {
        tags: ['profile'],
        summary: 'Revoke a personal API token: it is refused at once',
        params: z.object({ tokenId: z.string().min(1).max(100) }),
        response: { 200: OkResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await revokePersonalApiToken(fastify.prisma, getSignedInUser(request).id, request.params.tokenId)
      fastify.sessions.forgetApiToken(request.params.tokenId)
      return { ok: true as const }
    },
  )
}

export default apiTokenRoutes
