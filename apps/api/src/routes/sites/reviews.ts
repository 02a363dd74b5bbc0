import {
  IssueReviewBodySchema,
  IssueReviewParamsSchema,
  IssueReviewQuerySchema,
  IssueReviewSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { decideIssueReview, reopenIssueReview } from '../../services/reviews-service.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const ReviewPathSchema = SiteParamsSchema.extend(IssueReviewParamsSchema.shape)
const PATH = '/pages/:pageId/issues/:issueId/review'

/**
 * PUT and DELETE /pages/:pageId/issues/:issueId/review: a reviewer's decision on a result that needs
 * review. Deciding is part of working on the site's issues: the members who may assign issues may decide
 * (assignIssues: editors and admins).
 */
const reviewsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { prisma } = fastify
  const config = { permission: 'assignIssues' } as const
  fastify.put(
    PATH,
    {
      config,
      schema: {
        tags: ['reviews'],
        summary:
          'Confirm a result that needs review as failed, or dismiss it with a reason (kept across scans)',
        params: ReviewPathSchema,
        querystring: IssueReviewQuerySchema,
        body: IssueReviewBodySchema,
        response: { 200: IssueReviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      decideIssueReview(
        prisma,
        {
          siteId: getSiteAccess(request).siteId,
          pageId: request.params.pageId,
          issueId: request.params.issueId,
          category: request.query.category,
          userId: getSignedInUser(request).id,
        },
        request.body,
      ),
  )
  fastify.delete(
    PATH,
    {
      config,
      schema: {
        tags: ['reviews'],
        summary: "Delete the decision on a page's result: it needs review again",
        params: ReviewPathSchema,
        querystring: IssueReviewQuerySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await reopenIssueReview(prisma, {
        siteId: getSiteAccess(request).siteId,
        pageId: request.params.pageId,
        issueId: request.params.issueId,
        category: request.query.category,
      })
      return reply.code(204).send(null)
    },
  )
}

export default reviewsRoutes
