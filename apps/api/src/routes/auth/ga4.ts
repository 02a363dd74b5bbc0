import {
  Ga4CallbackQuerySchema,
  Ga4ConnectQuerySchema,
  ROLE_REQUIRED_MESSAGES,
  roleAllows,
} from '@canopy/contracts'
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { forbidden } from '../../http-errors.js'
import { getSignedInUser } from '../../plugins/app/auth.js'
import {
  connectEnds,
  finishGa4Connect,
  type Ga4ConnectDeps,
  startGa4Connect,
} from '../../services/ga4-connect-service.js'
import { errorResponses } from '../schemas.js'

function connectDeps(fastify: FastifyInstance): Ga4ConnectDeps {
  return {
    redis: fastify.redis,
    queuePrefix: fastify.config.queuePrefix,
    publicUrl: fastify.config.publicUrl,
    googleAnalytics: fastify.config.googleAnalytics,
    secrets: fastify.secrets,
  }
}

/** The site's id when the user may change its settings: 404 when they may not see it, 403 below admin. */
async function siteAdministeredBy(fastify: FastifyInstance, userId: string, slug: string): Promise<string> {
  const access = await fastify.siteAccess.resolve(userId, slug)
  if (!roleAllows(access.role, 'manageSettings')) throw forbidden(ROLE_REQUIRED_MESSAGES.admin)
  return access.siteId
}

/**
 * Connecting a site's web analytics in the settings' popup (browser navigations, signed in with the
 * session cookie): GET /auth/ga4 sends the popup to Google's consent, GET /auth/ga4/callback is where Google
 * sends it back; both end with a redirect to the popup's success or error page.
 */
const ga4AuthRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook('onRequest', fastify.sessions.requireSessionCookie)

  fastify.get(
    '/auth/ga4',
    {
      schema: {
        tags: ['integrations'],
        summary:
          "Start connecting the site's web analytics (a site admin): redirects to Google's consent page, or to error_url with the reason",
        querystring: Ga4ConnectQuerySchema,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const user = getSignedInUser(request)
      const ends = connectEnds(request.query, fastify.config.publicUrl)
      const siteId = await siteAdministeredBy(fastify, user.id, request.query.slug)
      const location = await startGa4Connect(connectDeps(fastify), {
        userId: user.id,
        siteId,
        slug: request.query.slug,
        ...ends,
      })
      return reply.redirect(location, 302)
    },
  )

  fastify.get(
    '/auth/ga4/callback',
    {
      schema: {
        tags: ['integrations'],
        summary:
          "Google's redirect after consent: stores the account's refresh token and properties, then redirects to success_url (error_url with the reason on failure)",
        querystring: Ga4CallbackQuerySchema,
        response: errorResponses(400, 401),
      },
    },
    async (request, reply) => {
      const location = await finishGa4Connect(
        { ...connectDeps(fastify), prisma: fastify.prisma },
        {
          userId: getSignedInUser(request).id,
          query: request.query,
          check: { assertSiteAdmin: (userId, slug) => siteAdministeredBy(fastify, userId, slug) },
        },
      )
      return reply.redirect(location, 302)
    },
  )
}

export default ga4AuthRoutes
