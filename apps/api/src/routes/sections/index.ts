import {
  ListQuerySchema,
  pagedListSchema,
  SectionPreviewRequestSchema,
  SectionPreviewSchema,
  SectionSchema,
  SectionWriteSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { previewSection } from '../../services/section-preview-service.js'
import {
  changeSiteSection,
  createSiteSection,
  getSiteSection,
  listSiteSections,
  removeSiteSection,
} from '../../services/section-service.js'
import { errorResponses, type FastifyZodInstance } from '../schemas.js'
import { SiteParamsSchema } from '../sites/site.js'

const SECTION_SORT_KEYS = ['title', 'pagesInSection', 'overallScore'] as const
const SectionListQuerySchema = ListQuerySchema.extend({ sortBy: z.enum(SECTION_SORT_KEYS).optional() })
const SectionParamsSchema = SiteParamsSchema.extend({ sectionId: z.string().min(1).max(100) })

/** GET /sections */
function listSectionsRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '',
    {
      schema: {
        tags: ['sections'],
        summary: 'The sections of the site, paged; search matches the title',
        params: SiteParamsSchema,
        querystring: SectionListQuerySchema,
        response: { 200: pagedListSchema(SectionSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listSiteSections(prisma, getSiteAccess(request).siteId, request.query),
  )
}

/** POST /sections */
function createSectionRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.post(
    '',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags: ['sections'],
        summary: 'Create a section (admins: manageSettings); the slug is made from the title unless given',
        params: SiteParamsSchema,
        body: SectionWriteSchema,
        response: { 201: SectionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const section = await createSiteSection(prisma, getSiteAccess(request).siteId, request.body)
      reply.code(201)
      return section
    },
  )
}

/** GET /sections/:sectionId */
function sectionRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/:sectionId',
    {
      schema: {
        tags: ['sections'],
        summary: 'One section with its conditions in order',
        params: SectionParamsSchema,
        response: { 200: SectionSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getSiteSection(prisma, getSiteAccess(request).siteId, request.params.sectionId),
  )
}

/** PUT /sections/:sectionId */
function changeSectionRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.put(
    '/:sectionId',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags: ['sections'],
        summary:
          'Replace a section: title, slug, description and the ordered conditions (admins: manageSettings)',
        params: SectionParamsSchema,
        body: SectionWriteSchema,
        response: { 200: SectionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      changeSiteSection(prisma, getSiteAccess(request).siteId, request.params.sectionId, request.body),
  )
}

/** DELETE /sections/:sectionId */
function deleteSectionRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.delete(
    '/:sectionId',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags: ['sections'],
        summary: 'Delete a section (admins: manageSettings)',
        params: SectionParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeSiteSection(prisma, getSiteAccess(request).siteId, request.params.sectionId)
      return reply.code(204).send(null)
    },
  )
}

/** POST /sections/preview */
function previewSectionRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.post(
    '/preview',
    {
      // Reads only: what the rules would take in among pages the caller may already see.
      config: { permission: 'viewResults' },
      schema: {
        tags: ['sections'],
        summary:
          'The known pages (of the last scans) that these unsaved rules take in, paged, with the count',
        params: SiteParamsSchema,
        body: SectionPreviewRequestSchema,
        response: { 200: SectionPreviewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => previewSection(prisma, getSiteAccess(request).siteId, request.body),
  )
}

/** The sections of a site ('All sections' is not one of them: the web adds it to the switcher). */
const sectionsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  listSectionsRoute(fastify)
  createSectionRoute(fastify)
  sectionRoute(fastify)
  changeSectionRoute(fastify)
  deleteSectionRoute(fastify)
  previewSectionRoute(fastify)
}

export default sectionsRoutes
