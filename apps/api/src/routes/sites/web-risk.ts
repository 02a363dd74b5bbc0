import {
  MaliciousLinkListItemSchema,
  MaliciousLinksQuerySchema,
  UpdateWebRiskSettingsRequestSchema,
  WebRiskSettingsSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  exportMaliciousLinks,
  getWebRiskSettings,
  listMaliciousLinks,
  updateWebRiskSettings,
} from '../../services/web-risk-service.js'
import { registerListRoutes } from '../list-routes.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

/** The malicious links of the site, with their export (a link's pages: pages-affected-by-a-link). */
export const maliciousLinksRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { prisma } = fastify
  registerListRoutes(fastify, {
    path: '/content-quality/malicious-links',
    tags: ['content-quality'],
    summary: 'The links Web Risk lists as malware, social engineering or unwanted software',
    exportSummary: 'Every malicious link of the current filter and sort',
    params: SiteParamsSchema,
    querystring: MaliciousLinksQuerySchema,
    item: MaliciousLinkListItemSchema,
    list: ({ query, request }) => listMaliciousLinks(prisma, getSiteAccess(request).siteId, query),
    exportList: ({ query, request }) => exportMaliciousLinks(prisma, getSiteAccess(request), query),
  })
}

/** GET and POST /integrations/web-risk/settings: members read them, site admins change them. */
export const webRiskSettingsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { prisma } = fastify
  fastify.get(
    '/integrations/web-risk/settings',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Whether the web-risk check is on, and whether an API key is stored (never the key)',
        params: SiteParamsSchema,
        response: { 200: WebRiskSettingsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getWebRiskSettings(prisma, fastify.secrets, getSiteAccess(request).siteId),
  )
  fastify.post(
    '/integrations/web-risk/settings',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags: ['integrations'],
        summary: 'Turn the web-risk check on or off, and store its API key (required to turn it on)',
        params: SiteParamsSchema,
        body: UpdateWebRiskSettingsRequestSchema,
        response: { 200: WebRiskSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateWebRiskSettings(prisma, fastify.secrets, getSiteAccess(request).siteId, request.body),
  )
}
