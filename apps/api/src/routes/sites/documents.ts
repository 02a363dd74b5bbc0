import {
  DocumentDetailSchema,
  DocumentListItemSchema,
  DocumentQuerySchema,
  DocumentsParamsSchema,
  DocumentsQuerySchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { exportDocuments, getDocument, listDocuments } from '../../services/documents-service.js'
import { registerListRoutes } from '../list-routes.js'
import type { FastifyZodInstance } from '../schemas.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const KindParamsSchema = SiteParamsSchema.extend(DocumentsParamsSchema.shape)

/** GET /documents and /documents/:kind, each with its export */
function documentListsRoutes(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  registerListRoutes(fastify, {
    path: '/documents',
    tags: ['documents'],
    summary: 'Every document the site links to, largest first',
    exportSummary: 'Every document of the current filter and sort',
    params: SiteParamsSchema,
    querystring: DocumentsQuerySchema,
    item: DocumentListItemSchema,
    list: ({ query, request }) => listDocuments(prisma, getSiteAccess(request).siteId, undefined, query),
    exportList: ({ query, request }) => exportDocuments(prisma, getSiteAccess(request), undefined, query),
  })
  registerListRoutes(fastify, {
    path: '/documents/:kind',
    tags: ['documents'],
    summary: 'The documents of one kind (PDFs by page count, the others by size, largest first)',
    exportSummary: 'Every document of one kind, current filter and sort,',
    params: KindParamsSchema,
    querystring: DocumentsQuerySchema,
    item: DocumentListItemSchema,
    list: ({ params, query, request }) =>
      listDocuments(prisma, getSiteAccess(request).siteId, params.kind, query),
    exportList: ({ params, query, request }) =>
      exportDocuments(prisma, getSiteAccess(request), params.kind, query),
  })
}

/** GET /document */
function documentRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/document',
    {
      schema: {
        tags: ['documents'],
        summary: 'One document with its accessibility checks and the first pages that link to it',
        params: SiteParamsSchema,
        querystring: DocumentQuerySchema,
        response: { 200: DocumentDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getDocument(prisma, getSiteAccess(request).siteId, request.query.documentId),
  )
}

/** The documents the site links to: every kind, one kind, their exports, and one document's detail. */
const documentsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  documentListsRoutes(fastify)
  documentRoute(fastify)
}

export default documentsRoutes
