import {
  RegistrationRequestSchema,
  RegistrationResponseSchema,
  VerifyQuerySchema,
  VerifyResponseSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { badRequest } from '../../http-errors.js'
import { presentUser } from '../../presenters/user.js'
import { registerAccount, verifyAccount } from '../../services/account-service.js'
import { toSafeRedirectPath } from '../../services/redirects.js'
import { errorResponses } from '../schemas.js'

export const VERIFY_FAILED_MESSAGE = 'Your account could not be verified, please try again later.'
const VERIFIED_PAGE = '/account/verified'
const ERROR_PAGE = '/500'

/** The verification link opened from an e-mail carries no skipRedirect, and may carry nothing at all. */
const VerifyLinkQuerySchema = VerifyQuerySchema.partial({ user: true, token: true })

const accountRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/register',
    {
      schema: {
        tags: ['account'],
        summary:
          'Register an account; an email invite signs in at once, otherwise a verification e-mail is sent',
        body: RegistrationRequestSchema,
        response: { 201: RegistrationResponseSchema, ...errorResponses(400, 409, 503) },
      },
    },
    async (request, reply) => {
      const { user, signIn } = await registerAccount(
        { prisma: fastify.prisma, mailer: fastify.mailer, publicUrl: fastify.config.publicUrl },
        request.body,
      )
      if (signIn) await fastify.sessions.start(request, reply, user.id)
      reply.code(201)
      return { user: presentUser(user), signedIn: signIn, verificationRequired: !signIn }
    },
  )

  fastify.get(
    '/verify',
    {
      schema: {
        tags: ['account'],
        summary:
          'Verify an e-mail address. With skipRedirect=true answers JSON; otherwise redirects to redirect_url, /account/verified or /500',
        querystring: VerifyLinkQuerySchema,
        response: { 200: VerifyResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { user, token, redirect_url: redirectUrl, skipRedirect } = request.query
      const answerJson = skipRedirect === 'true'
      if (!user || !token) {
        if (answerJson) throw badRequest(user ? 'token' : 'user', 'The verification link is incomplete.')
        // platform.md §2: account/verify without a query string goes to the start page.
        return reply.redirect('/')
      }
      const verified = await verifyAccount(fastify.prisma, { userId: user, token })
      const target = toSafeRedirectPath(redirectUrl, fastify.config.publicUrl)
      if (answerJson) {
        if (!verified) throw badRequest('token', VERIFY_FAILED_MESSAGE)
        return target ? { success: true, redirectUrl: target } : { success: true }
      }
      return reply.redirect(verified ? (target ?? VERIFIED_PAGE) : ERROR_PAGE)
    },
  )
}

export default accountRoutes
