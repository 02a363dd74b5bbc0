import { ROLE_REQUIRED_MESSAGES, roleAllows, SITE_PERMISSIONS, type SitePermission } from '@canopy/contracts'
import { findSiteAccessForUser, type SiteAccess } from '@canopy/db'
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { forbidden, notFound, unauthorized } from '../../http-errors.js'
import { LookupCache } from '../../lib/lookup-cache.js'

/** messages.json: the site guard's text. The same answer for a missing site and one the user may not see. */
export const SITE_NOT_FOUND_MESSAGE = 'No site could be found with the ID provided in the URL.'
export const SITE_ADMIN_REQUIRED_MESSAGE = ROLE_REQUIRED_MESSAGES.admin

export interface SiteAccessChecks {
  /** The access of `userId` to the site `slug`; throws 404 when the user may not see it. */
  resolve(userId: string, slug: string): Promise<SiteAccess>
  /** onRequest hook of the site scope: loads request.siteAccess from the :slug parameter. */
  loadSiteAccess: onRequestAsyncHookHandler
  /**
   * Makes every route registered in `instance` from now on a site route: the caller's access to :slug is
   * loaded first (404 when they may not see it), then the permission the route declares
   * (`config.permission`) is checked (403 below it). A GET or HEAD without one needs `viewResults`; a route
   * that changes something must declare its permission, or registering it fails.
   */
  enforcePermissions(instance: FastifyInstance): void
  /** Forgets what this process remembers of access to the site (its slug, members or groups changed). */
  forgetSite(siteId: string): void
}

/** How long a user's access to a site is remembered: a change made by another process shows within it. */
export const SITE_ACCESS_CACHE_TTL_MS = 10_000
const NEVER = new Date(8.64e15)

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what the caller's role on the route's site must allow (site routes; see enforcePermissions) */
    permission?: SitePermission
  }
  interface FastifyInstance {
    siteAccess: SiteAccessChecks
  }
  interface FastifyRequest {
    siteAccess: SiteAccess | null
  }
}

const READ_METHODS = new Set(['GET', 'HEAD'])

function assertPermissionDeclared(route: RouteOptions) {
  const methods = [route.method].flat()
  if (route.config?.permission || methods.every((method) => READ_METHODS.has(method))) return
  throw new Error(
    `${methods.join(',')} ${route.url} is a site route that changes something: declare config.permission`,
  )
}

/** The permission a site route needs: the one it declares, else reading results. */
function requiredPermission(request: FastifyRequest): SitePermission {
  return request.routeOptions.config.permission ?? 'viewResults'
}

async function checkPermission(request: FastifyRequest) {
  const permission = requiredPermission(request)
  const needed = SITE_PERMISSIONS[permission]
  if (needed !== 'viewer' && !roleAllows(getSiteAccess(request).role, permission)) {
    throw forbidden(ROLE_REQUIRED_MESSAGES[needed])
  }
}

/**
 * What an API token leaves of the user's access: a token for chosen sites sees no other (the same 404 as a
 * site the user may not see), and a read token is a viewer at most.
 */
export function capByApiToken(access: SiteAccess, token: FastifyRequest['apiToken']): SiteAccess {
  if (!token) return access
  if (token.siteIds && !token.siteIds.includes(access.siteId)) throw notFound(SITE_NOT_FOUND_MESSAGE)
  return token.access === 'read' ? { ...access, role: 'viewer' } : access
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
      return { siteId: access.siteId, slug: access.slug, role: access.role }
    },

    async loadSiteAccess(request) {
      if (!request.user) throw unauthorized()
      const { slug } = request.params as { slug?: string }
      if (!slug) throw notFound(SITE_NOT_FOUND_MESSAGE)
      request.siteAccess = capByApiToken(await checks.resolve(request.user.id, slug), request.apiToken)
    },

    enforcePermissions(instance) {
      instance.addHook('onRoute', assertPermissionDeclared)
      instance.addHook('onRequest', checks.loadSiteAccess)
      instance.addHook('onRequest', checkPermission)
    },

    forgetSite(siteId) {
      cache.forgetWhere((access) => access.siteId === siteId)
    },
  }

  fastify.decorate('siteAccess', checks)
}

export default fp(siteAccessPlugin, { name: 'site-access', dependencies: ['prisma'] })
