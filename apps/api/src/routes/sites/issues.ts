import {
  IssueDetailSchema,
  IssueListItemSchema,
  IssueNameParamsSchema,
  IssuePageItemSchema,
  IssuePagesQuerySchema,
  IssueQuerySchema,
  IssuesOverviewQuerySchema,
  IssuesOverviewSchema,
  IssuesQuerySchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  exportIssuePages,
  exportIssues,
  getIssue,
  getIssuesOverview,
  listIssuePages,
  listIssues,
} from '../../services/issues-service.js'
import { registerListRoutes } from '../list-routes.js'
import type { FastifyZodInstance } from '../schemas.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const IssueParamsSchema = SiteParamsSchema.extend(IssueNameParamsSchema.shape)

/** GET /issues and its export */
function issuesListRoutes(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  registerListRoutes(fastify, {
    path: '/issues',
    tags: ['issues'],
    summary: 'The issues of one category with their page counts and lifecycle, most frequent first',
    exportSummary: 'Every issue of the current filter and sort',
    params: SiteParamsSchema,
    querystring: IssuesQuerySchema,
    item: IssueListItemSchema,
    list: ({ query, request }) => listIssues(prisma, getSiteAccess(request).siteId, query),
    exportList: ({ query, request }) => exportIssues(prisma, getSiteAccess(request), query),
  })
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

/** GET /issues/:issueName/pages and its export */
function issuePagesListRoutes(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  registerListRoutes(fastify, {
    path: '/issues/:issueName/pages',
    tags: ['issues'],
    summary: 'The pages one issue concerns, with its lifecycle on each, assignment and ticket',
    exportSummary: "Every page of the issue's current filter and sort",
    params: IssueParamsSchema,
    querystring: IssuePagesQuerySchema,
    item: IssuePageItemSchema,
    list: ({ params, query, request }) =>
      listIssuePages(prisma, getSiteAccess(request).siteId, params.issueName, query),
    exportList: ({ params, query, request }) =>
      exportIssuePages(prisma, getSiteAccess(request), params.issueName, query),
  })
}

/** The issues of a site (or a section): the list, the dashboard overview, one issue and its pages. */
const issuesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  issuesListRoutes(fastify)
  issuesOverviewRoute(fastify)
  issueRoute(fastify)
  issuePagesListRoutes(fastify)
}

export default issuesRoutes
