import {
  DocumentDetailSchema,
  DocumentListItemSchema,
  DocumentQuerySchema,
  DocumentsParamsSchema,
  DocumentsQuerySchema,
  exportQuerySchema,
  pagedListSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendListExport } from '../../lib/list-export.js'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { exportDocuments, getDocument, listDocuments } from '../../services/documents-service.js'
import type { FastifyZodInstance } from '../schemas.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const KindParamsSchema = SiteParamsSchema.extend(DocumentsParamsSchema.shape)
const DocumentsExportQuerySchema = exportQuerySchema(DocumentsQuerySchema)
const listResponse = { 200: pagedListSchema(DocumentListItemSchema), ...errorResponses(400, 401, 404) }

/** GET /documents */
function listDocumentsRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/documents',
    {
      schema: {
        tags: ['documents'],
        summary: 'Every document the site links to, largest first',
        params: SiteParamsSchema,
        querystring: DocumentsQuerySchema,
        response: listResponse,
      },
    },
    async (request) => listDocuments(prisma, getSiteAccess(request).siteId, undefined, request.query),
  )
}

/** GET /documents/export */
function exportDocumentsRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/documents/export',
    {
      schema: {
        tags: ['documents'],
        summary: 'Every document of the current filter and sort as a CSV or JSON file, streamed',
        params: SiteParamsSchema,
        querystring: DocumentsExportQuerySchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) =>
      sendListExport(
        reply,
        request.query.format,
        await exportDocuments(prisma, getSiteAccess(request), undefined, request.query),
      ),
  )
}

/** GET /documents/:kind */
function listDocumentsOfKindRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/documents/:kind',
    {
      schema: {
        tags: ['documents'],
        summary: 'The documents of one kind (PDFs by page count, the others by size, largest first)',
        params: KindParamsSchema,
        querystring: DocumentsQuerySchema,
        response: listResponse,
      },
    },
    async (request) =>
      listDocuments(prisma, getSiteAccess(request).siteId, request.params.kind, request.query),
  )
}

/** GET /documents/:kind/export */
function exportDocumentsOfKindRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/documents/:kind/export',
    {
      schema: {
        tags: ['documents'],
        summary: 'Every document of one kind, current filter and sort, as a CSV or JSON file, streamed',
        params: KindParamsSchema,
        querystring: DocumentsExportQuerySchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) =>
      sendListExport(
        reply,
        request.query.format,
        await exportDocuments(prisma, getSiteAccess(request), request.params.kind, request.query),
      ),
  )
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
  listDocumentsRoute(fastify)
  exportDocumentsRoute(fastify)
  listDocumentsOfKindRoute(fastify)
  exportDocumentsOfKindRoute(fastify)
  documentRoute(fastify)
}

export default documentsRoutes
