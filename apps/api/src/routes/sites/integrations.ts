import {
  CreateTicketRequestSchema,
  enqueueJob,
  Ga4SettingsSchema,
  JiraConnectionTestSchema,
  JiraSettingsSchema,
  JOBS,
  TicketSchema,
  TicketTemplateSchema,
  UpdateGa4SettingsRequestSchema,
  UpdateJiraSettingsRequestSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  disconnectGa4,
  getGa4Settings,
  getJiraSettings,
  testJiraSettings,
  updateGa4Settings,
  updateJiraSettings,
} from '../../services/integration-settings-service.js'
import { createTicket, getTicketTemplate, unlinkTicket } from '../../services/ticket-service.js'
import { errorResponses, type FastifyZodInstance } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const TicketParamsSchema = SiteParamsSchema.extend({
  pageId: z.string().min(1).max(100),
  issueId: z.string().min(1).max(200),
})

/** GET and POST /integrations/jira/settings, POST …/settings/test: members read, site admins change. */
function jiraSettingsRoutes(fastify: FastifyZodInstance) {
  const { prisma, secrets } = fastify
  fastify.get(
    '/integrations/jira/settings',
    {
      schema: {
        tags: ['integrations'],
        summary: 'The issue tracker settings, and whether an API token is stored (never the token)',
        params: SiteParamsSchema,
        response: { 200: JiraSettingsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getJiraSettings(prisma, getSiteAccess(request).siteId),
  )
  fastify.post(
    '/integrations/jira/settings',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags: ['integrations'],
        summary:
          'Change the issue tracker settings; the token is stored sealed, a blank one keeps the stored one',
        params: SiteParamsSchema,
        body: UpdateJiraSettingsRequestSchema,
        response: { 200: JiraSettingsSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => updateJiraSettings(prisma, secrets, getSiteAccess(request).siteId, request.body),
  )
  fastify.post(
    '/integrations/jira/settings/test',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags: ['integrations'],
        summary: 'Sign in to the issue tracker with these settings and read the project (nothing is stored)',
        params: SiteParamsSchema,
        body: UpdateJiraSettingsRequestSchema,
        response: { 200: JiraConnectionTestSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => testJiraSettings(prisma, secrets, getSiteAccess(request).siteId, request.body),
  )
}

/** GET, POST and DELETE /integrations/ga4/settings (the OAuth connection itself: routes/auth/ga4.ts). */
function ga4SettingsRoutes(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/integrations/ga4/settings',
    {
      schema: {
        tags: ['integrations'],
        summary: 'The web analytics settings, and whether a Google account is connected (never its token)',
        params: SiteParamsSchema,
        response: { 200: Ga4SettingsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getGa4Settings(prisma, getSiteAccess(request).siteId),
  )
  fastify.post(
    '/integrations/ga4/settings',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags: ['integrations'],
        summary: 'Turn web analytics on or off and choose its property (required to turn it on)',
        params: SiteParamsSchema,
        body: UpdateGa4SettingsRequestSchema,
        response: { 200: Ga4SettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { siteId } = getSiteAccess(request)
      const settings = await updateGa4Settings(prisma, siteId, request.body)
      // The pages' views show in the issue lists from now on, not after the next daily refresh.
      if (settings.enabled && settings.connected) {
        const key = `${settings.propertyID}-${new Date().toISOString().slice(0, 10)}`
        await enqueueJob(fastify.queues, JOBS.refreshPageViews, { siteId, key }).catch((error: unknown) =>
          request.log.warn({ err: error }, 'the page views of the site were not queued for a refresh'),
        )
      }
      return settings
    },
  )
  fastify.delete(
    '/integrations/ga4/settings',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags: ['integrations'],
        summary: 'Disconnect web analytics: its settings and the connected account are forgotten',
        params: SiteParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await disconnectGa4(prisma, getSiteAccess(request).siteId)
      return reply.code(204).send(null)
    },
  )
}

/** The ticket of a page's failed issue: its template, its creation in the tracker, and its unlinking. */
function ticketRoutes(fastify: FastifyZodInstance) {
  const { prisma, secrets } = fastify
  fastify.get(
    '/integrations/jira/:pageId/:issueId/template',
    {
      config: { permission: 'manageTickets' },
      schema: {
        tags: ['integrations'],
        summary: 'The project, its issue types and a summary and description made from the failed issue',
        params: TicketParamsSchema,
        response: { 200: TicketTemplateSchema, ...errorResponses(401, 403, 404, 409, 502) },
      },
    },
    async (request) =>
      getTicketTemplate(prisma, secrets, { siteId: getSiteAccess(request).siteId, ...request.params }),
  )
  fastify.post(
    '/integrations/jira/:pageId/:issueId',
    {
      config: { permission: 'manageTickets' },
      schema: {
        tags: ['integrations'],
        summary:
          'Create a ticket in the issue tracker for a failed issue on a page, and link it to the issue',
        params: TicketParamsSchema,
        body: CreateTicketRequestSchema,
        response: { 201: TicketSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const { pageId, issueId } = request.params
      const target = {
        siteId: getSiteAccess(request).siteId,
        pageId,
        issueId,
        userId: getSignedInUser(request).id,
      }
      const ticket = await createTicket(prisma, secrets, target, request.body)
      reply.code(201)
      return ticket
    },
  )
  fastify.delete(
    '/integrations/jira/:pageId/:issueId',
    {
      config: { permission: 'manageTickets' },
      schema: {
        tags: ['integrations'],
        summary: 'Unlink the ticket from the issue (the ticket stays in the tracker)',
        params: TicketParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { pageId, issueId } = request.params
      await unlinkTicket(prisma, { siteId: getSiteAccess(request).siteId, pageId, issueId })
      return reply.code(204).send(null)
    },
  )
}

/** The issue tracker and web analytics integrations of the site (web-risk: web-risk.ts). */
const integrationsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  jiraSettingsRoutes(fastify)
  ga4SettingsRoutes(fastify)
  ticketRoutes(fastify)
}

export default integrationsRoutes
