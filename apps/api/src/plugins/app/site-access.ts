import { findSiteAccessForUser, type SiteAccess } from '@canopy/db'
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { forbidden, notFound, unauthorized } from '../../http-errors.js'

/** messages.json: the site guard's text. The same answer for a missing site and one the user may not see. */
export const SITE_NOT_FOUND_MESSAGE = 'No site could be found with the ID provided in the URL.'
export const SITE_ADMIN_REQUIRED_MESSAGE = 'You need admin access to this site to do that.'

export interface SiteAccessChecks {
  /** The access of `userId` to the site `slug`; throws 404 when the user may not see it. */
  resolve(userId: string, slug: string): Promise<SiteAccess>
  /** onRequest hook of the site scope: loads request.siteAccess from the :slug parameter. */
  loadSiteAccess: onRequestAsyncHookHandler
  /** onRequest hook for admin-only site routes (after loadSiteAccess): 403 for a member who is not admin. */
  requireSiteAdmin: onRequestAsyncHookHandler
}

declare module 'fastify' {
  interface FastifyInstance {
    siteAccess: SiteAccessChecks
  }
  interface FastifyRequest {
    siteAccess: SiteAccess | null
  }
}

/** The site access of a request in the site scope. */
export function getSiteAccess(request: FastifyRequest): SiteAccess {
  if (!request.siteAccess) throw notFound(SITE_NOT_FOUND_MESSAGE)
  return request.siteAccess
}

async function siteAccessPlugin(fastify: FastifyInstance) {
  fastify.decorateRequest('siteAccess', null)

  const checks: SiteAccessChecks = {
    async resolve(userId, slug) {
      const access = await findSiteAccessForUser(fastify.prisma, { slug, userId })
      if (!access) throw notFound(SITE_NOT_FOUND_MESSAGE)
      return access
    },

    async loadSiteAccess(request) {
      if (!request.user) throw unauthorized()
      const { slug } = request.params as { slug?: string }
      if (!slug) throw notFound(SITE_NOT_FOUND_MESSAGE)
      request.siteAccess = await checks.resolve(request.user.id, slug)
    },

    async requireSiteAdmin(request) {
      if (!getSiteAccess(request).isAdmin) throw forbidden(SITE_ADMIN_REQUIRED_MESSAGE)
    },
  }

  fastify.decorate('siteAccess', checks)
}

export default fp(siteAccessPlugin, { name: 'site-access', dependencies: ['prisma'] })
