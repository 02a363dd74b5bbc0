import {
  PageListItemSchema,
  PageMisspellingsResponseSchema,
  PagesQuerySchema,
  WorstPagesQuerySchema,
  WorstPagesResponseSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { exportPages, getPageMisspellings, listPages, listWorstPages } from '../../services/pages-service.js'
import { registerListRoutes } from '../list-routes.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const PageParamsSchema = SiteParamsSchema.extend({ pageId: z.string().min(1).max(100) })

/** The pages of a site as each area lists them, their export, the worst pages and a page's misspellings. */
const pagesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { prisma } = fastify

  registerListRoutes(fastify, {
    path: '/pages',
    tags: ['pages'],
    summary: 'The pages of the site (or of a section) as one area (type) lists them, paged',
    exportSummary: 'Every page of the current filter and sort',
    params: SiteParamsSchema,
    querystring: PagesQuerySchema,
    item: PageListItemSchema,
    list: ({ query, request }) => listPages(prisma, getSiteAccess(request).siteId, query),
    exportList: ({ query, request }) => exportPages(prisma, getSiteAccess(request), query),
  })

  fastify.get(
    '/worst-pages',
    {
      schema: {
        tags: ['pages'],
        summary: 'The lowest-scoring pages of an area (pages it did not score are left out)',
        params: SiteParamsSchema,
        querystring: WorstPagesQuerySchema,
        response: { 200: WorstPagesResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listWorstPages(prisma, getSiteAccess(request).siteId, request.query),
  )

  fastify.get(
    '/content-quality/misspellings/page/:pageId',
    {
      schema: {
        tags: ['content-quality'],
        summary: 'The misspelt words of one page, most frequent first',
        params: PageParamsSchema,
        response: { 200: PageMisspellingsResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getPageMisspellings(prisma, getSiteAccess(request).siteId, request.params.pageId),
  )
}

export default pagesRoutes
