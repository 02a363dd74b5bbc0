import {
  AffectedPageItemSchema,
  BrokenLinkItemSchema,
  BrokenLinksQuerySchema,
  ContentQualityResourceSchema,
  LinkParamsSchema,
  PagesAffectedQuerySchema,
  ReadabilityQuerySchema,
  ReadabilityResponseSchema,
  ResourceParamsSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  exportBrokenLinks,
  exportPagesAffected,
  getReadability,
  getResource,
  listBrokenLinks,
  listPagesAffected,
} from '../../services/content-quality-service.js'
import { registerListRoutes } from '../list-routes.js'
import type { FastifyZodInstance } from '../schemas.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const AffectedParamsSchema = SiteParamsSchema.extend(LinkParamsSchema.shape)
const SiteResourceParamsSchema = SiteParamsSchema.extend(ResourceParamsSchema.shape)

/** GET /content-quality/broken-links and /content-quality/pages-affected-by-a-link/:linkId, with exports */
function linkListRoutes(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  registerListRoutes(fastify, {
    path: '/content-quality/broken-links',
    tags: ['content-quality'],
    summary: 'The broken links pages link to, and those the check could not verify, most linked first',
    exportSummary: 'Every broken or unverified link of the current filter and sort',
    params: SiteParamsSchema,
    querystring: BrokenLinksQuerySchema,
    item: BrokenLinkItemSchema,
    list: ({ query, request }) => listBrokenLinks(prisma, getSiteAccess(request).siteId, query),
    exportList: ({ query, request }) => exportBrokenLinks(prisma, getSiteAccess(request), query),
  })
  registerListRoutes(fastify, {
    path: '/content-quality/pages-affected-by-a-link/:linkId',
    tags: ['content-quality'],
    summary: 'The pages that link to one link',
    exportSummary: 'Every page that links to the link, current filter and sort,',
    params: AffectedParamsSchema,
    querystring: PagesAffectedQuerySchema,
    item: AffectedPageItemSchema,
    list: ({ params, query, request }) =>
      listPagesAffected(prisma, getSiteAccess(request).siteId, { linkId: params.linkId }, query),
    exportList: ({ params, query, request }) =>
      exportPagesAffected(prisma, getSiteAccess(request), { linkId: params.linkId }, query),
  })
}

/** GET /content-quality/readability and /content-quality/resources/:resourceId */
function contentQualityReadRoutes(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/content-quality/readability',
    {
      schema: {
        tags: ['content-quality'],
        summary: 'The readability score of the site (or a section) and its pages per readability level',
        params: SiteParamsSchema,
        querystring: ReadabilityQuerySchema,
        response: { 200: ReadabilityResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getReadability(prisma, getSiteAccess(request).siteId, request.query),
  )
  fastify.get(
    '/content-quality/resources/:resourceId',
    {
      schema: {
        tags: ['content-quality'],
        summary: 'One link or misspelling of the site, the header of its detail screen',
        params: SiteResourceParamsSchema,
        response: { 200: ContentQualityResourceSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getResource(prisma, getSiteAccess(request).siteId, request.params.resourceId),
  )
}

/** The content quality area's readability, broken links, pages affected by a link and resources. */
const contentQualityRoutes: FastifyPluginAsyncZod = async (fastify) => {
  linkListRoutes(fastify)
  contentQualityReadRoutes(fastify)
}

export default contentQualityRoutes
