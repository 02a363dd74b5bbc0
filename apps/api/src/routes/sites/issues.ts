import {
  exportQuerySchema,
  IssueDetailSchema,
  IssueListItemSchema,
  IssueNameParamsSchema,
  IssuePageItemSchema,
  IssuePagesQuerySchema,
  IssueQuerySchema,
  IssuesOverviewQuerySchema,
  IssuesOverviewSchema,
  IssuesQuerySchema,
  pagedListSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendListExport } from '../../lib/list-export.js'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  exportIssuePages,
  exportIssues,
  getIssue,
  getIssuesOverview,
  listIssuePages,
  listIssues,
} from '../../services/issues-service.js'
import type { FastifyZodInstance } from '../schemas.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const IssueParamsSchema = SiteParamsSchema.extend(IssueNameParamsSchema.shape)

/** GET /issues */
function listIssuesRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/issues',
    {
      schema: {
        tags: ['issues'],
        summary: 'The issues of one category with their page counts and lifecycle, most frequent first',
        params: SiteParamsSchema,
        querystring: IssuesQuerySchema,
        response: { 200: pagedListSchema(IssueListItemSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listIssues(prisma, getSiteAccess(request).siteId, request.query),
  )
}

/** GET /issues/export */
function exportIssuesRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/issues/export',
    {
      schema: {
        tags: ['issues'],
        summary: 'Every issue of the current filter and sort as a CSV or JSON file, streamed',
        params: SiteParamsSchema,
        querystring: exportQuerySchema(IssuesQuerySchema),
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) =>
      sendListExport(
        reply,
        request.query.format,
        await exportIssues(prisma, getSiteAccess(request), request.query),
      ),
  )
}

/** GET /issues/overview */
function issuesOverviewRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/issues/overview',
    {
      schema: {
        tags: ['issues'],
        summary:
          'Issue counts by level, new and fixed since the previous scan, and the largest template problems',
        params: SiteParamsSchema,
        querystring: IssuesOverviewQuerySchema,
        response: { 200: IssuesOverviewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getIssuesOverview(prisma, getSiteAccess(request).siteId, request.query),
  )
}

/** GET /issues/:issueName */
function issueRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/issues/:issueName',
    {
      schema: {
        tags: ['issues'],
        summary: 'One issue of the site with its template problems',
        params: IssueParamsSchema,
        querystring: IssueQuerySchema,
        response: { 200: IssueDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      getIssue(prisma, getSiteAccess(request).siteId, request.params.issueName, request.query),
  )
}

/** GET /issues/:issueName/pages */
function issuePagesRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/issues/:issueName/pages',
    {
      schema: {
        tags: ['issues'],
        summary: 'The pages one issue concerns, with its lifecycle on each, assignment and ticket',
        params: IssueParamsSchema,
        querystring: IssuePagesQuerySchema,
        response: { 200: pagedListSchema(IssuePageItemSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      listIssuePages(prisma, getSiteAccess(request).siteId, request.params.issueName, request.query),
  )
}

/** GET /issues/:issueName/pages/export */
function exportIssuePagesRoute(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/issues/:issueName/pages/export',
    {
      schema: {
        tags: ['issues'],
        summary: "Every page of the issue's current filter and sort as a CSV or JSON file, streamed",
        params: IssueParamsSchema,
        querystring: exportQuerySchema(IssuePagesQuerySchema),
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) =>
      sendListExport(
        reply,
        request.query.format,
        await exportIssuePages(prisma, getSiteAccess(request), request.params.issueName, request.query),
      ),
  )
}

/** The issues of a site (or a section): the list, the dashboard overview, one issue and its pages. */
const issuesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  listIssuesRoute(fastify)
  exportIssuesRoute(fastify)
  issuesOverviewRoute(fastify)
  issueRoute(fastify)
  issuePagesRoute(fastify)
  exportIssuePagesRoute(fastify)
}

export default issuesRoutes
