import {
  AuthCheckResponseSchema,
  EmailCheckBodySchema,
  EmailCheckResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  TwoFactorLoginRequestSchema,
  UserSchema,
} from '@canopy/contracts'
import { findUserByEmail, normaliseEmail } from '@canopy/db'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSignedInUser, isMasquerading } from '../../plugins/app/auth.js'
import { presentUser } from '../../presenters/user.js'
import {
  authenticate,
  completeTwoFactorSignIn,
  createTwoFactorChallenge,
} from '../../services/auth-service.js'
import { findProviderForAddress, presentEmailCheck, refusePasswordForSso } from '../../services/sso.js'
import { errorResponses, type FastifyZodInstance } from '../schemas.js'

/** POST /login/two-factor: the second step of a sign-in with two-step verification on. */
function twoFactorLoginRoute(fastify: FastifyZodInstance) {
  fastify.post(
    '/login/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary:
          "The second step of a sign-in: POST /login's challenge with a current code or a recovery code; sets the session cookie",
        body: TwoFactorLoginRequestSchema,
        response: { 200: UserSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
      // Wrong codes are 401s, counted against the same limits as wrong passwords.
      preHandler: fastify.attemptLimits.guard('login', (request) =>
        normaliseEmail((request.body as { username: string }).username),
      ),
    },
    async (request, reply) => {
      const deps = { prisma: fastify.prisma, secrets: fastify.secrets }
      const user = await completeTwoFactorSignIn(deps, request.body)
      await fastify.sessions.start(request, reply, user.id)
      return presentUser(user)
    },
  )
}

/** Sign-in, sign-out and the SSO check live at the root, not under /api/v1, as the client calls them. */
const authRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/auth/check-sso',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether an e-mail address signs in with SSO or a password',
        body: EmailCheckBodySchema,
        response: { 200: EmailCheckResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.identifier)
      const user = await findUserByEmail(fastify.prisma, email)
      return presentEmailCheck(await findProviderForAddress(fastify.prisma, email, user?.ssoProvider))
    },
  )

  fastify.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with e-mail address and password; sets the session cookie, or (two-step verification on) answers a challenge for POST /login/two-factor',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
      // Counted after validation, so the limits can name the account as well as the address.
      preHandler: fastify.attemptLimits.guard('login', (request) =>
        normaliseEmail((request.body as { username: string }).username),
      ),
    },
    async (request, reply) => {
      await refusePasswordForSso(fastify.prisma, request.body.username)
      const user = await authenticate(fastify.prisma, request.body)
      if (user.totpEnabledAt) return createTwoFactorChallenge(fastify.prisma, user)
      await fastify.sessions.start(request, reply, user.id)
      return presentUser(user)
    },
  )
  twoFactorLoginRoute(fastify)

  // A sign-out changes state: POST, so that another site's link or image cannot sign the user out.
  fastify.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: deletes the session and clears its cookie (also when already signed out)',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await fastify.sessions.end(request, reply)
      return { ok: true as const }
    },
  )

  fastify.get(
    '/auth/check',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether the request is signed in',
        response: { 200: AuthCheckResponseSchema },
      },
    },
    async (request) => ({ authenticated: request.user !== null }),
  )

  fastify.get(
    '/auth/current-user',
    {
      onRequest: fastify.sessions.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: UserSchema, ...errorResponses(401) },
      },
    },
    async (request) =>
      presentUser(getSignedInUser(request), isMasquerading(request) ? request.realUser : null),
  )
}

export default authRoutes
