import { SsoCallbackQuerySchema, SsoStartParamsSchema, SsoStartQuerySchema } from '@canopy/contracts'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  completeSsoLogin,
  SSO_BINDING_COOKIE,
  SSO_CALLBACK_PATH,
  SSO_TRANSACTION_TTL_SECONDS,
  type SsoDeps,
  SsoFailure,
  startSsoLogin,
} from '../../services/sso-login-service.js'
import { errorResponses } from '../schemas.js'

/**
 * Single sign-on by OpenID Connect, as browser navigations: GET /auth/:provider leaves for the provider,
 * which sends the browser back to GET /auth/sso. A failed sign-on goes to the error page, its reason logged.
 */
const ssoRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = (): SsoDeps => ({
    prisma: fastify.prisma,
    redis: fastify.redis,
    mailer: fastify.mailer,
    secrets: fastify.secrets,
    publicUrl: fastify.config.publicUrl,
    queuePrefix: fastify.config.queuePrefix,
  })
  // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
  const bindingCookie = {
    path: SSO_CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: fastify.config.cookieSecure,
  }

  const redirectOnFailure = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof SsoFailure)) throw error
    fastify.log.warn({ err: error.cause ?? error, reason: error.message }, 'single sign-on failed')
    return reply.redirect(error.errorPath, 303)
  }

  fastify.get(
    SSO_CALLBACK_PATH,
    {
      schema: {
        tags: ['auth'],
        summary:
          "The OpenID provider's return: signs in (session cookie) and redirects to success_url, a new account to /{provider}/registered, a failure to error_url",
        querystring: SsoCallbackQuerySchema,
        response: errorResponses(400),
      },
    },
    async (request, reply) => {
      const binding = request.cookies[SSO_BINDING_COOKIE]
      reply.clearCookie(SSO_BINDING_COOKIE, bindingCookie)
      try {
        const outcome = await completeSsoLogin(deps(), {
          url: request.url,
          state: request.query.state,
          binding,
        })
        if (outcome.kind === 'signed-in') await fastify.sessions.start(request, reply, outcome.userId)
        return reply.redirect(outcome.redirectTo, 303)
      } catch (error) {
        return redirectOnFailure(reply, error)
      }
    },
  )

  fastify.get(
    '/auth/:provider',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Single sign-on with the provider: redirects to its authorisation page (code flow with PKCE); success_url and error_url must be this application's pages",
        params: SsoStartParamsSchema,
        querystring: SsoStartQuerySchema,
        response: errorResponses(400, 429),
      },
      // Each start keeps a transaction in Redis for ten minutes: starts are limited per address like sign-ins.
      preHandler: fastify.attemptLimits.guard('sso'),
    },
    async (request, reply) => {
      try {
        const started = await startSsoLogin(deps(), request.params.provider, request.query)
        reply.setCookie(SSO_BINDING_COOKIE, started.binding, {
          ...bindingCookie,
          maxAge: SSO_TRANSACTION_TTL_SECONDS,
        })
        return reply.redirect(started.url, 303)
      } catch (error) {
        return redirectOnFailure(reply, error)
      }
    },
  )
}

export default ssoRoutes
