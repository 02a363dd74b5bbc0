import { SearchQuerySchema, SearchResponseSchema } from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { searchSite } from '../../services/search-service.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

/** GET /search: the global search of the site's pages, issues, links, documents and contact details. */
const searchRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Pages, issues, links, documents and contact details of the site (or a section) matching a term, grouped, each group with its total',
        params: SiteParamsSchema,
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => searchSite(fastify.prisma, getSiteAccess(request).siteId, request.query),
  )
}

export default searchRoutes
