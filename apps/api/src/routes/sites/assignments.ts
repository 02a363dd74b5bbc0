import {
  AssignedIssueSchema,
  AssignedIssuesCountQuerySchema,
  AssignedIssuesCountSchema,
  AssignedIssuesQuerySchema,
  AssignmentParamsSchema,
  AssignmentRequestSchema,
  AssignmentResultSchema,
  pagedListSchema,
  UnassignRequestSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  assignIssue,
  countAssigned,
  editAssignment,
  listAssigned,
  unassignIssue,
} from '../../services/assignments-service.js'
import type { FastifyZodInstance } from '../schemas.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const AssignmentPathSchema = SiteParamsSchema.extend(AssignmentParamsSchema.shape)

/** GET /issues/assigned and /issues/assigned/count: they depend on the caller, so they are never kept. */
function assignedIssuesRoutes(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  const caller = (request: Parameters<typeof getSiteAccess>[0]) => ({
    siteId: getSiteAccess(request).siteId,
    userId: getSignedInUser(request).id,
  })
  fastify.get(
    '/issues/assigned',
    {
      schema: {
        tags: ['assignments'],
        summary:
          'Issues assigned on the site: to me or a role (assignedTo), by me (assignedBy), newest first',
        params: SiteParamsSchema,
        querystring: AssignedIssuesQuerySchema,
        response: { 200: pagedListSchema(AssignedIssueSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listAssigned(prisma, caller(request), request.query),
  )
  fastify.get(
    '/issues/assigned/count',
    {
      schema: {
        tags: ['assignments'],
        summary: 'How many issues the filter of the assigned-issues list holds',
        params: SiteParamsSchema,
        querystring: AssignedIssuesCountQuerySchema,
        response: { 200: AssignedIssuesCountSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => countAssigned(prisma, caller(request), request.query),
  )
}

/** POST, PATCH and DELETE /issues/:issueId/assignment */
function assignmentWriteRoutes(fastify: FastifyZodInstance) {
  const { prisma, mailer } = fastify
  const deps = (request: Parameters<typeof getSiteAccess>[0]) => ({
    deps: { prisma, mailer, publicUrl: fastify.config.publicUrl, log: request.log },
    assigner: { ...getSiteAccess(request), userId: getSignedInUser(request).id },
  })
  const schema = <Body>(summary: string, body: Body) => ({
    tags: ['assignments'],
    summary,
    params: AssignmentPathSchema,
    body,
    response: { 200: AssignmentResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
  })
  const config = { permission: 'assignIssues' } as const
  fastify.post(
    '/issues/:issueId/assignment',
    {
      config,
      schema: schema('Assign an issue of a page to a user of the site or a role', AssignmentRequestSchema),
    },
    async (request) => {
      const { deps: d, assigner } = deps(request)
      return assignIssue(d, assigner, request.params.issueId, request.body)
    },
  )
  fastify.patch(
    '/issues/:issueId/assignment',
    { config, schema: schema("Change an assignment's assignee or comment", AssignmentRequestSchema) },
    async (request) => {
      const { deps: d, assigner } = deps(request)
      return editAssignment(d, assigner, request.params.issueId, request.body)
    },
  )
  fastify.delete(
    '/issues/:issueId/assignment',
    { config, schema: schema('Unassign an issue of a page', UnassignRequestSchema) },
    async (request) =>
      unassignIssue(prisma, getSiteAccess(request).siteId, request.params.issueId, request.body),
  )
}

/** Assigning issues to users and roles, and the list of what is assigned. */
const assignmentsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  assignedIssuesRoutes(fastify)
  assignmentWriteRoutes(fastify)
}

export default assignmentsRoutes
