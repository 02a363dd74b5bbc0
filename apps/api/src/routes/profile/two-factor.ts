import {
  RecoveryCodesSchema,
  TwoFactorConfirmRequestSchema,
  TwoFactorProofSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import {
  confirmTotpSetup,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTotpSetup,
  type TwoFactorDeps,
  turnOffTotp,
} from '../../services/two-factor-service.js'
import { errorResponses, type FastifyZodInstance } from '../schemas.js'

/** Turning off and new recovery codes: each needs the password or a current code. */
function proofRoutes(fastify: FastifyZodInstance, deps: TwoFactorDeps) {
  const config = { refusedWhileMasquerading: true }
  fastify.post(
    '/two-factor/disable',
    {
      config,
      schema: {
        tags: ['profile'],
        summary: 'Turn two-step verification off with the password or a current code',
        body: TwoFactorProofSchema,
        response: { 200: TwoFactorStatusSchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request) => {
      const user = getSignedInUser(request)
      const status = await turnOffTotp(deps, user.id, request.body)
      fastify.sessions.forgetUser(user.id)
      return status
    },
  )
  fastify.post(
    '/two-factor/recovery-codes',
    {
      config,
      schema: {
        tags: ['profile'],
        summary:
          'Replace every recovery code with ten new ones (with the password or a current code); answered once',
        body: TwoFactorProofSchema,
        response: { 200: RecoveryCodesSchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request) => {
      const user = getSignedInUser(request)
      const answer = await regenerateRecoveryCodes(deps, user.id, request.body)
      fastify.sessions.forgetUser(user.id)
      return answer
    },
  )
}

/**
 * Two-step verification of the signed-in user (an authenticator app and recovery codes): only from a
 * signed-in browser, never with an API token, and not while a staff member masquerades.
 */
const twoFactorRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook('onRequest', fastify.sessions.requireSessionCookie)
  const deps = { prisma: fastify.prisma, secrets: fastify.secrets }
  const config = { refusedWhileMasquerading: true }
  fastify.get(
    '/two-factor',
    {
      schema: {
        tags: ['profile'],
        summary: 'Whether two-step verification is on, and how many unused recovery codes are left',
        response: { 200: TwoFactorStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getTwoFactorStatus(fastify.prisma, getSignedInUser(request).id),
  )
  fastify.post(
    '/two-factor/setup',
    {
      config,
      schema: {
        tags: ['profile'],
        summary:
          'Start setting up an authenticator app: a new secret (text and otpauth address for a QR code), on once a code confirms it',
        response: { 200: TwoFactorSetupSchema, ...errorResponses(401, 403, 409, 503) },
      },
    },
    async (request) => startTotpSetup(deps, getSignedInUser(request).id),
  )
  fastify.post(
    '/two-factor/confirm',
    {
      config,
      schema: {
        tags: ['profile'],
        summary: 'Turn two-step verification on with a current code; answers ten recovery codes, once',
        body: TwoFactorConfirmRequestSchema,
        response: { 200: RecoveryCodesSchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request) => {
      const user = getSignedInUser(request)
      const answer = await confirmTotpSetup(deps, user.id, request.body.code)
      fastify.sessions.forgetUser(user.id)
      return answer
    },
  )
  proofRoutes(fastify, deps)
}

export default twoFactorRoutes
