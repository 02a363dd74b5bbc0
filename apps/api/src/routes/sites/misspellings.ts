import {
  AffectedPageItemSchema,
  MisspellingListItemSchema,
  MisspellingParamsSchema,
  MisspellingsQuerySchema,
  PagesAffectedQuerySchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { exportPagesAffected, listPagesAffected } from '../../services/content-quality-service.js'
import { exportMisspellings, listMisspellings } from '../../services/misspellings-service.js'
import { registerListRoutes } from '../list-routes.js'
import { SiteParamsSchema } from './site.js'

const AffectedParamsSchema = SiteParamsSchema.extend(MisspellingParamsSchema.shape)

/** The site's misspellings and the pages each is on, with their exports. */
const misspellingsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { prisma } = fastify
  registerListRoutes(fastify, {
    path: '/content-quality/misspellings',
    tags: ['content-quality'],
    summary: 'The misspelt words of the site (or of a section), most occurrences first',
    exportSummary: 'Every misspelling of the current filter and sort',
    params: SiteParamsSchema,
    querystring: MisspellingsQuerySchema,
    item: MisspellingListItemSchema,
    list: ({ query, request }) => listMisspellings(prisma, getSiteAccess(request).siteId, query),
    exportList: ({ query, request }) => exportMisspellings(prisma, getSiteAccess(request), query),
  })
  registerListRoutes(fastify, {
    path: '/content-quality/pages-affected-by-a-misspelling/:misspellingId',
    tags: ['content-quality'],
    summary: 'The pages a misspelling is on, with its occurrences on each',
    exportSummary: 'Every page a misspelling is on, current filter and sort,',
    params: AffectedParamsSchema,
    querystring: PagesAffectedQuerySchema,
    item: AffectedPageItemSchema,
    list: ({ params, query, request }) =>
      listPagesAffected(
        prisma,
        getSiteAccess(request).siteId,
        { misspellingId: params.misspellingId },
        query,
      ),
    exportList: ({ params, query, request }) =>
      exportPagesAffected(prisma, getSiteAccess(request), { misspellingId: params.misspellingId }, query),
  })
}

export default misspellingsRoutes
