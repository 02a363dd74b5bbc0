import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import scanStatusRoutes from '../scans/scan-status.js'
import siteScansRoutes from '../scans/site-scans.js'
import sectionsRoutes from '../sections/index.js'
import assignmentsRoutes from './assignments.js'
import contentQualityRoutes from './content-quality.js'
import dictionariesRoutes from './dictionaries.js'
import documentsRoutes from './documents.js'
import siteFeatureFlagRoutes from './features.js'
import groupsRoutes from './groups.js'
import historyRoutes from './history.js'
import integrationsRoutes from './integrations.js'
import inventoryRoutes from './inventory.js'
import issuesRoutes from './issues.js'
import misspellingsRoutes from './misspellings.js'
import pagesRoutes from './pages.js'
import reviewsRoutes from './reviews.js'
import scanLoginRoutes from './scan-login.js'
import searchRoutes from './search.js'
import seoRoutes from './seo.js'
import siteRoutes from './site.js'
import siteUsersRoutes from './site-users.js'
import uptimeRoutes from './uptime.js'
import { maliciousLinksRoutes, webRiskSettingsRoutes } from './web-risk.js'

/**
 * Every route under /api/v1/sites/:slug is registered here, behind one access check that runs before
 * the body is even read: a site the user may not see answers 404 whatever the route, a role below the
 * route's declared permission 403, a route whose feature flag is off for the site 404, and a route added
 * here later cannot forget these checks.
 */
const siteScope: FastifyPluginAsyncZod = async (fastify) => {
  fastify.siteAccess.enforcePermissions(fastify)
  // after the access checks and before the results cache answers: a flagged screen's answer is never sent
  // while its flag is off
  fastify.featureFlags.enforceFlags(fastify)

  await fastify.register(siteRoutes)
  await fastify.register(sectionsRoutes, { prefix: '/sections' })
  await fastify.register(siteScansRoutes)
  await fastify.register(scanStatusRoutes)
  await fastify.register(siteResults)
  await fastify.register(webRiskSettingsRoutes)
  await fastify.register(siteUsersRoutes)
  await fastify.register(groupsRoutes)
  await fastify.register(scanLoginRoutes)
  await fastify.register(integrationsRoutes)
  await fastify.register(siteFeatureFlagRoutes)
  // per caller (assigned to me), so outside the results kept per role
  await fastify.register(assignmentsRoutes)
  await fastify.register(reviewsRoutes)
}

/**
 * The scan results of the site: their answers are kept a few seconds per site and role (results-cache).
 * Uptime is among them: no event drops its kept answer when a check lands, but checks are minutes apart and
 * an answer is kept no longer than the cache's few seconds.
 */
const siteResults: FastifyPluginAsyncZod = async (fastify) => {
  fastify.resultsCache.cacheSiteAnswers(fastify)
  await fastify.register(historyRoutes)
  await fastify.register(pagesRoutes)
  await fastify.register(issuesRoutes)
  await fastify.register(documentsRoutes)
  await fastify.register(misspellingsRoutes)
  await fastify.register(maliciousLinksRoutes)
  await fastify.register(dictionariesRoutes)
  await fastify.register(contentQualityRoutes)
  await fastify.register(inventoryRoutes)
  await fastify.register(searchRoutes)
  await fastify.register(uptimeRoutes)
  await fastify.register(seoRoutes)
}

export default siteScope
