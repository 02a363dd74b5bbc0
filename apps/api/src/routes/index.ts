import { PROFILE_MESSAGES } from '@canopy/contracts'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { forbidden } from '../http-errors.js'
import accountRoutes from './account/index.js'
import alertsRoutes from './alerts/index.js'
import analyticsRoutes from './analytics/index.js'
import ga4AuthRoutes from './auth/ga4.js'
import authRoutes from './auth/index.js'
import ssoRoutes from './auth/sso.js'
import illustrationRoutes from './avatars/illustrations.js'
import avatarRoutes from './avatars/index.js'
import { billingConfigRoutes, billingWebhookRoutes, organisationBillingRoutes } from './billing/index.js'
import crmRoutes from './crm/index.js'
import featureFlagRoutes from './features/index.js'
import healthRoutes from './health/index.js'
import { inviteAdminRoutes, inviteAnswerRoutes, publicInviteRoutes } from './invites/index.js'
import profileRoutes from './profile/index.js'
import scansRoutes from './scans/index.js'
import sitesRoutes from './sites/index.js'
import ssoProviderRoutes from './sso-providers/index.js'
import staffRoutes from './staff/index.js'
import masqueradeRoutes from './staff/masquerade.js'

const READ_METHODS = new Set(['GET', 'HEAD'])

/** A read API token only reads, whatever the user's role. */
async function refuseWritesWithReadToken(request: FastifyRequest) {
  if (request.apiToken?.access === 'read' && !READ_METHODS.has(request.method)) {
    throw forbidden(PROFILE_MESSAGES.readTokenNoWrite)
  }
}

/** Everything under /api/v1 needs a signed-in user (a session cookie or an API token). */
const apiV1Routes: FastifyPluginAsync = async (fastify) => {
  fastify.addHook('onRequest', fastify.sessions.requireUser)
  fastify.addHook('onRequest', refuseWritesWithReadToken)
  await fastify.register(sitesRoutes, { prefix: '/sites' })
  await fastify.register(scansRoutes)
  await fastify.register(alertsRoutes)
  await fastify.register(crmRoutes, { prefix: '/crm' })
  await fastify.register(ssoProviderRoutes, { prefix: '/crm' })
  await fastify.register(organisationBillingRoutes, { prefix: '/organisation' })
  await fastify.register(billingConfigRoutes, { prefix: '/billing' })
  await fastify.register(profileRoutes)
  await fastify.register(avatarRoutes)
  await fastify.register(inviteAnswerRoutes, { prefix: '/invites' })
  await fastify.register(inviteAdminRoutes, { prefix: '/invites' })
  await fastify.register(staffRoutes)
  await fastify.register(featureFlagRoutes)
  await fastify.register(analyticsRoutes, { prefix: '/analytics/:slug' })
}

/** The API's routes. The session is read only here, not for static files of the web app. */
const routes: FastifyPluginAsync = async (fastify) => {
  fastify.addHook('onRequest', fastify.sessions.loadSession)

  await fastify.register(authRoutes)
  await fastify.register(ga4AuthRoutes)
  await fastify.register(ssoRoutes)
  await fastify.register(masqueradeRoutes)
  await fastify.register(accountRoutes, { prefix: '/account' })
  await fastify.register(healthRoutes, { prefix: '/healthz' })
  await fastify.register(illustrationRoutes)
  // The invite page reads its invite signed out too, so this one route is outside the signed-in /api/v1.
  await fastify.register(publicInviteRoutes, { prefix: '/api/v1/invites' })
  // The payment provider posts its events without a session: the webhook checks their signature instead.
  await fastify.register(billingWebhookRoutes, { prefix: '/api/v1/billing' })
  await fastify.register(apiV1Routes, { prefix: '/api/v1' })
}

export default routes
