import {
  OkResponseSchema,
  PasswordResetRequestSchema,
  PasswordResetSubmitSchema,
  RegistrationRequestSchema,
  RegistrationResponseSchema,
  VerifyQuerySchema,
  VerifyResponseSchema,
} from '@canopy/contracts'
import { normaliseEmail } from '@canopy/db'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { badRequest } from '../../http-errors.js'
import { createBackgroundTasks } from '../../lib/background-tasks.js'
import { presentUser } from '../../presenters/user.js'
import { registerAccount, verifyAccount } from '../../services/account-service.js'
import { requestPasswordReset, resetPassword } from '../../services/password-reset-service.js'
import { toSafeRedirectPath } from '../../services/redirects.js'
import { errorResponses, type FastifyZodInstance } from '../schemas.js'

export const VERIFY_FAILED_MESSAGE = 'Your account could not be verified, please try again later.'
const VERIFIED_PAGE = '/account/verified'
const ERROR_PAGE = '/500'

/** The verification link opened from an e-mail carries no skipRedirect, and may carry nothing at all. */
const VerifyLinkQuerySchema = VerifyQuerySchema.partial({ user: true, token: true })

type BackgroundTasks = ReturnType<typeof createBackgroundTasks>

/** POST /account/register */
function registerRoute(fastify: FastifyZodInstance) {
  fastify.post(
    '/register',
    {
      schema: {
        tags: ['account'],
        summary:
          'Register an account; an email invite signs in at once, otherwise a verification e-mail is sent',
        body: RegistrationRequestSchema,
        response: { 201: RegistrationResponseSchema, ...errorResponses(400, 409, 429, 503) },
      },
      preHandler: fastify.attemptLimits.guard('register', (request) =>
        normaliseEmail((request.body as { email: string }).email),
      ),
    },
    async (request, reply) => {
      const { user, signIn } = await registerAccount(
        { prisma: fastify.prisma, mailer: fastify.mailer, publicUrl: fastify.config.publicUrl },
        request.body,
      )
      reply.code(201)
      if (signIn && user) {
        await fastify.sessions.start(request, reply, user.id)
        return { user: presentUser(user), signedIn: true, verificationRequired: false }
      }
      return { signedIn: false, verificationRequired: true }
    },
  )
}

/** GET /account/verify */
function verifyRoute(fastify: FastifyZodInstance) {
  fastify.get(
    '/verify',
    {
      schema: {
        tags: ['account'],
        summary:
          'Verify an e-mail address. With skipRedirect=true answers JSON; otherwise redirects to redirect_url, /account/verified or /500',
        querystring: VerifyLinkQuerySchema,
        response: { 200: VerifyResponseSchema, ...errorResponses(400, 429, 503) },
      },
      // A link's token cannot be guessed, but each try costs a lookup: limited per address and user.
      preHandler: fastify.attemptLimits.guard(
        'verify',
        (request) => (request.query as { user?: string }).user ?? '',
      ),
    },
    async (request, reply) => {
      const { user, token, redirect_url: redirectUrl, skipRedirect } = request.query
      const answerJson = skipRedirect === 'true'
      if (!user || !token) {
        if (answerJson) throw badRequest(user ? 'token' : 'user', 'The verification link is incomplete.')
        // A verification link without its user and token goes to the start page.
        return reply.redirect('/')
      }
      const verified = await verifyAccount(fastify.prisma, { userId: user, token })
      if (verified) fastify.sessions.forgetUser(user)
      const target = toSafeRedirectPath(redirectUrl, fastify.config.publicUrl)
      if (answerJson) {
        if (!verified) throw badRequest('token', VERIFY_FAILED_MESSAGE)
        return target ? { success: true, redirectUrl: target } : { success: true }
      }
      return reply.redirect(verified ? (target ?? VERIFIED_PAGE) : ERROR_PAGE)
    },
  )
}

/** POST /account/reset */
function requestPasswordResetRoute(fastify: FastifyZodInstance, backgroundTasks: BackgroundTasks) {
  fastify.post(
    '/reset',
    {
      schema: {
        tags: ['account'],
        summary:
          'Request a password reset: e-mails a link valid for one hour when the address has a password account; the answer is the same for every address',
        body: PasswordResetRequestSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 429, 503) },
      },
      // Like /login: counted after validation, so the limits can name the address.
      preHandler: fastify.attemptLimits.guard('reset', (request) =>
        normaliseEmail((request.body as { email: string }).email),
      ),
    },
    async (request) => {
      // Looked up and mailed after the answer, so that neither its content nor its timing tells whether
      // the address has an account.
      const deps = { prisma: fastify.prisma, mailer: fastify.mailer, publicUrl: fastify.config.publicUrl }
      const { email } = request.body
      backgroundTasks.run('password reset e-mail failed', () => requestPasswordReset(deps, email))
      return { ok: true as const }
    },
  )
}

/** POST /account/reset/password */
function resetPasswordRoute(fastify: FastifyZodInstance) {
  fastify.post(
    '/reset/password',
    {
      schema: {
        tags: ['account'],
        summary:
          'Set a new password with the token of a reset link; signs the user out of other sessions and verifies the address',
        body: PasswordResetSubmitSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 429, 503) },
      },
      preHandler: fastify.attemptLimits.guard('reset'),
    },
    async (request) => {
      const { userId } = await resetPassword(fastify.prisma, request.body, {
        currentSessionId: request.sessionId,
      })
      // Its other sessions are gone from the database: this process must not serve them from its cache,
      // and their open sockets are closed.
      fastify.sessions.endedOtherSessions(userId, request.sessionId)
      return { ok: true as const }
    },
  )
}

const accountRoutes: FastifyPluginAsyncZod = async (fastify) => {
  // Reset e-mails still being sent are awaited before the server closes.
  const backgroundTasks = createBackgroundTasks(fastify.log)
  fastify.addHook('onClose', async () => {
    await backgroundTasks.drain()
  })
  registerRoute(fastify)
  verifyRoute(fastify)
  requestPasswordResetRoute(fastify, backgroundTasks)
  resetPasswordRoute(fastify)
}

export default accountRoutes
