import { findSiteAccessForUser, type SiteAccess } from '@canopy/db'
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { forbidden, notFound, unauthorized } from '../../http-errors.js'
import { LookupCache } from '../../lib/lookup-cache.js'

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
  /** Forgets what this process remembers of access to the site (its slug, members or groups changed). */
  forgetSite(siteId: string): void
}

/** How long a user's access to a site is remembered: a change made by another process shows within it. */
export const SITE_ACCESS_CACHE_TTL_MS = 10_000
const NEVER = new Date(8.64e15)

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
  // A site the user may not see is never remembered, so a site they are added to is visible at once.
  const cache = new LookupCache<SiteAccess & { userId: string; expiresAt: Date }>({
    ttlMs: SITE_ACCESS_CACHE_TTL_MS,
    maxEntries: 10_000,
  })

  const checks: SiteAccessChecks = {
    async resolve(userId, slug) {
      const access = await cache.getOrLoad(`${userId}\n${slug}`, async () => {
        const found = await findSiteAccessForUser(fastify.prisma, { slug, userId })
        return found && { ...found, userId, expiresAt: NEVER }
      })
      if (!access) throw notFound(SITE_NOT_FOUND_MESSAGE)
      return { siteId: access.siteId, slug: access.slug, isAdmin: access.isAdmin }
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

    forgetSite(siteId) {
      cache.forgetWhere((access) => access.siteId === siteId)
    },
  }

  fastify.decorate('siteAccess', checks)
}

export default fp(siteAccessPlugin, { name: 'site-access', dependencies: ['prisma'] })
