import type { FastifyPluginAsync } from 'fastify'
import accountRoutes from './account/index.js'
import alertsRoutes from './alerts/index.js'
import authRoutes from './auth/index.js'
import healthRoutes from './health/index.js'
import scansRoutes from './scans/index.js'
import sitesRoutes from './sites/index.js'
import staffRoutes from './staff/index.js'
import masqueradeRoutes from './staff/masquerade.js'

/** Everything under /api/v1 needs a signed-in user. */
const apiV1Routes: FastifyPluginAsync = async (fastify) => {
  fastify.addHook('onRequest', fastify.sessions.requireUser)
  await fastify.register(sitesRoutes, { prefix: '/sites' })
  await fastify.register(scansRoutes)
  await fastify.register(alertsRoutes)
  await fastify.register(staffRoutes)
}

/** The API's routes. The session is read only here, not for static files of the web app. */
const routes: FastifyPluginAsync = async (fastify) => {
  fastify.addHook('onRequest', fastify.sessions.loadSession)

  await fastify.register(authRoutes)
  await fastify.register(masqueradeRoutes)
  await fastify.register(accountRoutes, { prefix: '/account' })
  await fastify.register(healthRoutes, { prefix: '/healthz' })
  await fastify.register(apiV1Routes, { prefix: '/api/v1' })
}

export default routes
