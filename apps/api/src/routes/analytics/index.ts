import {
  AnalyticsPageParamsSchema,
  AnalyticsRangeQuerySchema,
  PopularPagesSchema,
  ViewsPerCountrySchema,
  ViewsPerDayQuerySchema,
  ViewsPerDaySchema,
} from '@canopy/contracts'
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  type AnalyticsDeps,
  getPopularPages,
  getViewsPerCountry,
  getViewsPerDay,
} from '../../services/analytics-service.js'
import { errorResponses, type FastifyZodInstance } from '../schemas.js'
import { SiteParamsSchema } from '../sites/site.js'

const ANALYTICS_ERRORS = errorResponses(400, 401, 404, 409, 502, 503)

function analyticsDeps(fastify: FastifyInstance): AnalyticsDeps {
  return {
    prisma: fastify.prisma,
    secrets: fastify.secrets,
    googleAnalytics: fastify.config.googleAnalytics,
    today: () => new Date().toISOString().slice(0, 10),
  }
}

/** GET /views-per-day and /views-per-day/:pageId */
function viewsPerDayRoutes(fastify: FastifyZodInstance, deps: AnalyticsDeps) {
  const schema = {
    tags: ['analytics'],
    querystring: ViewsPerDayQuerySchema,
    response: { 200: ViewsPerDaySchema, ...ANALYTICS_ERRORS },
  }
  fastify.get(
    '/views-per-day',
    {
      schema: {
        ...schema,
        summary: "The site's page views per day, week or month",
        params: SiteParamsSchema,
      },
    },
    async (request) =>
      getViewsPerDay(deps, { siteId: getSiteAccess(request).siteId, pageId: null }, request.query),
  )
  fastify.get(
    '/views-per-day/:pageId',
    {
      schema: {
        ...schema,
        summary: "One page's views per day, week or month",
        params: AnalyticsPageParamsSchema,
      },
    },
    async (request) =>
      getViewsPerDay(
        deps,
        { siteId: getSiteAccess(request).siteId, pageId: request.params.pageId },
        request.query,
      ),
  )
}

/** GET /views-per-country and /views-per-country/:pageId */
function viewsPerCountryRoutes(fastify: FastifyZodInstance, deps: AnalyticsDeps) {
  const schema = {
    tags: ['analytics'],
    querystring: AnalyticsRangeQuerySchema,
    response: { 200: ViewsPerCountrySchema, ...ANALYTICS_ERRORS },
  }
  fastify.get(
    '/views-per-country',
    {
      schema: {
        ...schema,
        summary: "The site's page views by country, most first",
        params: SiteParamsSchema,
      },
    },
    async (request) =>
      getViewsPerCountry(deps, { siteId: getSiteAccess(request).siteId, pageId: null }, request.query),
  )
  fastify.get(
    '/views-per-country/:pageId',
    {
      schema: {
        ...schema,
        summary: "One page's views by country, most first",
        params: AnalyticsPageParamsSchema,
      },
    },
    async (request) =>
      getViewsPerCountry(
        deps,
        { siteId: getSiteAccess(request).siteId, pageId: request.params.pageId },
        request.query,
      ),
  )
}

/**
 * /api/v1/analytics/:slug: page views from the site's web analytics for every member (404 for anyone else,
 * 409 while it is not connected, 502 when Google fails). Reports are kept per site and day, so these
 * answers are not kept again in the results cache.
 */
const analyticsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.siteAccess.enforcePermissions(fastify)
  const deps = analyticsDeps(fastify)
  viewsPerDayRoutes(fastify, deps)
  viewsPerCountryRoutes(fastify, deps)
  fastify.get(
    '/popular-pages',
    {
      schema: {
        tags: ['analytics'],
        summary: "The site's most visited pages, each with the scanned page of its URL",
        params: SiteParamsSchema,
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: PopularPagesSchema, ...ANALYTICS_ERRORS },
      },
    },
    async (request) => getPopularPages(deps, getSiteAccess(request).siteId, request.query),
  )
}

export default analyticsRoutes
