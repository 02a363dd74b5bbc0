import {
  DupeIdParamsSchema,
  DuplicateContentQuerySchema,
  DuplicateGroupDetailSchema,
  DuplicateGroupItemSchema,
  SeoHealthQuerySchema,
  SeoHealthSchema,
  SeoPageItemSchema,
  SeoPagesQuerySchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  exportDuplicateGroups,
  exportDuplicatePages,
  exportOrphanedPages,
  getDuplicateGroup,
  getSeoHealth,
  listDuplicateGroups,
  listDuplicatePages,
  listOrphanedPages,
} from '../../services/seo-service.js'
import { registerListRoutes } from '../list-routes.js'
import type { FastifyZodInstance } from '../schemas.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const DupeParamsSchema = SiteParamsSchema.extend(DupeIdParamsSchema.shape)

/** GET /seo/duplicate-content, /seo/duplicate-content/:dupeId (its pages) and their exports. */
function duplicateContentRoutes(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  registerListRoutes(fastify, {
    path: '/seo/duplicate-content',
    tags: ['seo'],
    summary:
      'Groups of pages sharing a title, a meta description or (nearly) the same main text, largest first',
    exportSummary: 'Every duplicate group of the current filter and sort',
    params: SiteParamsSchema,
    querystring: DuplicateContentQuerySchema,
    item: DuplicateGroupItemSchema,
    list: ({ query, request }) => listDuplicateGroups(prisma, getSiteAccess(request).siteId, query),
    exportList: ({ query, request }) => exportDuplicateGroups(prisma, getSiteAccess(request), query),
  })
  registerListRoutes(fastify, {
    path: '/seo/duplicate-content/:dupeId',
    tags: ['seo'],
    summary: 'The pages of one duplicate group',
    exportSummary: "Every page of the duplicate group's current filter and sort",
    params: DupeParamsSchema,
    querystring: SeoPagesQuerySchema,
    item: SeoPageItemSchema,
    list: ({ params, query, request }) =>
      listDuplicatePages(prisma, getSiteAccess(request).siteId, params.dupeId, query),
    exportList: ({ params, query, request }) =>
      exportDuplicatePages(prisma, getSiteAccess(request), params.dupeId, query),
  })
  fastify.get(
    '/seo/duplicate-content/:dupeId/summary',
    {
      schema: {
        tags: ['seo'],
        summary: 'One duplicate group: what its pages share, how alike they are, how many are in the section',
        params: DupeParamsSchema,
        querystring: SeoHealthQuerySchema,
        response: { 200: DuplicateGroupDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      getDuplicateGroup(prisma, getSiteAccess(request).siteId, request.params.dupeId, request.query),
  )
}

/** The SEO area's own screens: duplicate content, orphaned pages and health. */
const seoRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { prisma } = fastify
  duplicateContentRoutes(fastify)
  registerListRoutes(fastify, {
    path: '/seo/orphaned-pages',
    featureFlag: 'seo/orphaned-pages',
    tags: ['seo'],
    summary: 'Pages in the sitemap or seen before that no page of the site links to',
    exportSummary: 'Every orphaned page of the current filter and sort',
    params: SiteParamsSchema,
    querystring: SeoPagesQuerySchema,
    item: SeoPageItemSchema,
    list: ({ query, request }) => listOrphanedPages(prisma, getSiteAccess(request).siteId, query),
    exportList: ({ query, request }) => exportOrphanedPages(prisma, getSiteAccess(request), query),
  })
  fastify.get(
    '/seo/health',
    {
      schema: {
        tags: ['seo'],
        summary:
          'Every SEO check with the pages it fails on, and the indexable, sitemap, orphaned and duplicate counts',
        params: SiteParamsSchema,
        querystring: SeoHealthQuerySchema,
        response: { 200: SeoHealthSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getSeoHealth(prisma, getSiteAccess(request).siteId, request.query),
  )
}

export default seoRoutes
