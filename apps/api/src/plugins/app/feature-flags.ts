import { FEATURE_FLAG_MESSAGES, type FeatureFlagName, resolveFeatureFlag } from '@canopy/contracts'
import { type FeatureFlagValues, findFeatureFlagValues } from '@canopy/db'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { notFound } from '../../http-errors.js'
import { createTtlCache } from '../../lib/ttl-cache.js'
import { getSignedInUser } from './auth.js'
import { getSiteAccess } from './site-access.js'

/** The flag a route's screen sits behind: one name, or one chosen from the request (a list of several kinds). */
export type RouteFeatureFlag = FeatureFlagName | ((request: FastifyRequest) => FeatureFlagName | null)

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the flag of the screen this site route serves: 404 while it is off for the site (staff excepted) */
    featureFlag?: RouteFeatureFlag
  }
  interface FastifyInstance {
    featureFlags: FeatureFlagChecks
  }
}

export interface FeatureFlagChecks {
  /** The stored values of every flag and the site's overrides (remembered a few seconds). */
  values(siteId: string | null): Promise<FeatureFlagValues>
  /**
   * Makes every route registered in `instance` from now on (site routes, after the access checks) answer
   * 404 while the flag it declares in `config.featureFlag` is off for its site, unless the caller is staff.
   */
  enforceFlags(instance: FastifyInstance): void
  /** Forgets every remembered value (a flag was switched through this process). */
  forget(): void
}

/**
 * How long the flags of a site are remembered: a switch made through another process shows within it, one
 * made through this process at once.
 */
export const FEATURE_FLAG_CACHE_TTL_MS = 10_000
const GLOBAL_KEY = ''

function declaredFlag(request: FastifyRequest): FeatureFlagName | null {
  const declared = request.routeOptions.config.featureFlag
  if (!declared) return null
  return typeof declared === 'function' ? declared(request) : declared
}

async function featureFlagsPlugin(fastify: FastifyInstance) {
  const cache = createTtlCache<FeatureFlagValues>({ ttlMs: FEATURE_FLAG_CACHE_TTL_MS, maxEntries: 10_000 })

  const checks: FeatureFlagChecks = {
    values: (siteId) => cache(siteId ?? GLOBAL_KEY, () => findFeatureFlagValues(fastify.prisma, siteId)),

    enforceFlags(instance) {
      instance.addHook('onRequest', async (request) => {
        const name = declaredFlag(request)
        if (!name) return
        const isStaff = getSignedInUser(request).isStaff
        if (isStaff) return
        const { siteId } = getSiteAccess(request)
        const values = await checks.values(siteId)
        const active = resolveFeatureFlag({
          isStaff,
          global: values.global.get(name) ?? false,
          override: values.overrides.get(name) ?? null,
        })
        if (!active) throw notFound(FEATURE_FLAG_MESSAGES.off)
      })
    },

    forget: () => cache.clear(),
  }

  fastify.decorate('featureFlags', checks)
}

export default fp(featureFlagsPlugin, { name: 'feature-flags', dependencies: ['prisma'] })
