import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type CachedResponse, ResponseCache } from '../../lib/response-cache.js'
import { listCountCache } from '../../services/list-scope.js'

/**
 * Scan results change only when a scan of the site moves on or someone changes the site, while many people
 * read the same lists in between: the answers of the results endpoints are kept, serialised, per site and
 * per role (admin or member), and dropped when this process hears of a change: a scan's progress from the
 * worker's queue events, or a successful change request under /sites (the list totals kept by
 * services/list-scope go with them). The session and site-access checks still run for every request
 * before a kept answer is sent.
 */
export interface ResultsCache {
  /** Drops the site's kept answers, and every user's sites list (it shows each site's scores and scans). */
  forgetSite(siteId: string): void
  /** Drops the kept sites lists (a site was added). */
  forgetSiteLists(): void
  /** Keeps the GET answers of the routes of `scope`, which depend only on the site and the caller's role. */
  cacheSiteAnswers(scope: FastifyInstance): void
  /** Keeps the GET answers of the routes of `scope`, which depend only on the signed-in user. */
  cacheUserAnswers(scope: FastifyInstance): void
}

declare module 'fastify' {
  interface FastifyInstance {
    resultsCache: ResultsCache
  }
  interface FastifyRequest {
    /** the cache generation when this request started, or null when its answer is not to be kept */
    resultsCacheGeneration: number | null
  }
}

const RESULTS_CACHE_MAX_ENTRIES = 2_000
const SITE_LISTS_SCOPE = 'site-lists'
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

type Place = { scope: string; key: string }

const siteScope = (siteId: string) => `site:${siteId}`

function sitePlace(request: FastifyRequest): Place | null {
  const access = request.siteAccess
  if (!access) return null
  return { scope: siteScope(access.siteId), key: `${access.role} ${request.url}` }
}

/** A user's answers are kept per user, and apart for each API token limited to some sites. */
function userPlace(request: FastifyRequest): Place | null {
  if (!request.user) return null
  const sites = request.apiToken?.siteIds?.join(',') ?? '*'
  return { scope: SITE_LISTS_SCOPE, key: `${request.user.id} ${sites} ${request.url}` }
}

/** An onRequest hook that answers from the cache, and an onSend hook that keeps a 200 answer. */
function addCacheHooks(
  scope: FastifyInstance,
  cache: ResponseCache,
  placeOf: (request: FastifyRequest) => Place | null,
) {
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const place = request.method === 'GET' ? placeOf(request) : null
    if (!place) return
    const kept = cache.get(place.scope, place.key)
    if (!kept) {
      request.resultsCacheGeneration = cache.generation
      return
    }
    // A string with a JSON content type is sent as it is, without serialising it again.
    return reply.header('content-type', kept.contentType).send(kept.payload)
  })
  scope.addHook('onSend', async (request, reply, payload) => {
    const generation = request.resultsCacheGeneration
    if (generation === null || reply.statusCode !== 200 || typeof payload !== 'string') return payload
    const place = placeOf(request)
    if (place) {
      const contentType = String(reply.getHeader('content-type') ?? JSON_CONTENT_TYPE)
      cache.set(place.scope, place.key, { payload, contentType } satisfies CachedResponse, generation)
    }
    return payload
  })
}

async function resultsCachePlugin(fastify: FastifyInstance) {
  fastify.decorateRequest('resultsCacheGeneration', null)
  // How long an answer is kept at most (RESULTS_CACHE_TTL_MS): a change made through another API process
  // shows within it; 0 keeps nothing.
  const cache = new ResponseCache({
    ttlMs: fastify.config.resultsCacheTtlMs,
    maxEntries: RESULTS_CACHE_MAX_ENTRIES,
  })
  fastify.decorate('resultsCache', {
    forgetSite(siteId) {
      cache.forgetScope(siteScope(siteId))
      cache.forgetScope(SITE_LISTS_SCOPE)
      // the list totals are kept by query, not by site: all of them are counted again
      listCountCache.clear()
    },
    forgetSiteLists() {
      cache.forgetScope(SITE_LISTS_SCOPE)
    },
    cacheSiteAnswers: (scope) => addCacheHooks(scope, cache, sitePlace),
    cacheUserAnswers: (scope) => addCacheHooks(scope, cache, userPlace),
  } satisfies ResultsCache)
}

export default fp(resultsCachePlugin, { name: 'results-cache' })
