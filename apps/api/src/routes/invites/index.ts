import {
  CreatedInviteSchema,
  CreateInviteRequestSchema,
  InviteListQuerySchema,
  InviteListSchema,
  InviteParamsSchema,
  InviteTokenParamsSchema,
  OkResponseSchema,
  PublicInviteSchema,
  RevokeInviteRequestSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  acceptInvite,
  createInvite,
  declineInvite,
  getPublicInvite,
  listInvites,
  revokeSiteInvite,
} from '../../services/invites-service.js'
import { errorResponses, type FastifyZodInstance } from '../schemas.js'

/** GET /api/v1/invites/:slug/:token: the invite page reads it signed in or out (the token is the secret). */
export const publicInviteRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/:slug/:token',
    {
      schema: {
        tags: ['invites'],
        summary: 'The invite behind a link: its type, the address or domain, and the site (public)',
        params: InviteTokenParamsSchema,
        response: { 200: PublicInviteSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getPublicInvite(fastify.prisma, request.params.slug, request.params.token),
  )
}

/** GET …/:token/accept and …/decline: the signed-in invitee answers; they need not be a member yet. */
export const inviteAnswerRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const schema = (summary: string) => ({
    tags: ['invites'],
    summary,
    params: InviteTokenParamsSchema,
    response: { 200: OkResponseSchema, ...errorResponses(400, 401, 403, 404) },
  })
  fastify.get(
    '/:slug/:token/accept',
    { schema: schema("Accept an invite: the signed-in user joins the site with the invite's role") },
    async (request) => {
      const { siteId } = await acceptInvite(fastify.prisma, getSignedInUser(request), request.params)
      fastify.siteAccess.forgetSite(siteId)
      return { ok: true as const }
    },
  )
  fastify.get(
    '/:slug/:token/decline',
    { schema: schema('Decline an invite: an e-mail invite can no longer be used') },
    async (request) => declineInvite(fastify.prisma, getSignedInUser(request), request.params),
  )
}

function inviteListRoute(fastify: FastifyZodInstance) {
  fastify.get(
    '/:slug',
    {
      config: { permission: 'manageMembers' },
      schema: {
        tags: ['invites'],
        summary:
          "The site's e-mail and link invites: active ones (active=true) or the history (active=false)",
        params: InviteParamsSchema,
        querystring: InviteListQuerySchema,
        response: { 200: InviteListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listInvites(fastify.prisma, getSiteAccess(request).siteId, request.query),
  )
}

/** The site's invites for its admins: list, send, revoke. The site access checks are the site scope's. */
export const inviteAdminRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.siteAccess.enforcePermissions(fastify)
  inviteListRoute(fastify)
  fastify.post(
    '/:slug',
    {
      config: { permission: 'manageMembers' },
      schema: {
        tags: ['invites'],
        summary:
          'Invite to the site with a role (viewer unless named): an e-mail address, sent the invitation, or a link to share, limited to an e-mail domain or not (the link is in this answer only)',
        params: InviteParamsSchema,
        body: CreateInviteRequestSchema,
        response: { 201: CreatedInviteSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const deps = { prisma: fastify.prisma, mailer: fastify.mailer, publicUrl: fastify.config.publicUrl }
      const invite = await createInvite(
        deps,
        { access: getSiteAccess(request), inviter: getSignedInUser(request) },
        request.body,
      )
      reply.code(201)
      return invite
    },
  )
  fastify.delete(
    '/:slug',
    {
      config: { permission: 'manageMembers' },
      schema: {
        tags: ['invites'],
        summary: 'Revoke an active invite of the site',
        params: InviteParamsSchema,
        body: RevokeInviteRequestSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => revokeSiteInvite(fastify.prisma, getSiteAccess(request).siteId, request.body.id),
  )
}
