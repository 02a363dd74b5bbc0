import {
  ScanLimitResponseSchema,
  SiteConfigSchema,
  SitemapSettingsSchema,
  UpdateScanLimitRequestSchema,
  UpdateSiteRequestSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import { upsertSiteScanSchedule } from '../../services/scan-schedule-service.js'
import { deleteSite } from '../../services/site-delete-service.js'
import { changeSite, getSiteConfig } from '../../services/site-service.js'
import {
  changeScanLimit,
  changeSitemapSettings,
  getSitemapSettings,
} from '../../services/site-settings-service.js'
import { errorResponses } from '../schemas.js'

export const SiteParamsSchema = z.object({ slug: z.string().min(1).max(200) })

const siteRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '',
    {
      schema: {
        tags: ['sites'],
        summary: 'The site config, with hasAdminAccess for the signed-in user',
        params: SiteParamsSchema,
        response: { 200: SiteConfigSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getSiteConfig(fastify.prisma, getSiteAccess(request)),
  )

  fastify.put(
    '',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags: ['sites'],
        summary:
          'Change the site settings: name, form factor, schedule (day and hour in its time zone), page limit, user agent, robots.txt respect (admins: manageSettings)',
        params: SiteParamsSchema,
        body: UpdateSiteRequestSchema,
        response: { 200: SiteConfigSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const site = await changeSite(fastify.prisma, getSiteAccess(request), request.body)
      await upsertSiteScanSchedule(fastify.queues, {
        id: site.sys.id,
        scanSchedule: site.scanSchedule,
        timeZone: site.timeZone,
      })
      return site
    },
  )

  fastify.delete(
    '',
    {
      config: { permission: 'deleteSite', refusedWhileMasquerading: true },
      schema: {
        tags: ['sites'],
        summary:
          'Delete the site with its scans, pages, artefacts on disk, scan schedule and queue jobs (admins: deleteSite)',
        params: SiteParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const deps = {
        prisma: fastify.prisma,
        queues: fastify.queues,
        artifactsDir: fastify.config.artifactsDir,
      }
      await deleteSite(deps, getSiteAccess(request).siteId)
      return reply.code(204).send(null)
    },
  )

  await fastify.register(siteSettingsRoutes)
}

/** Scan limit and sitemaps: admins only (manageSettings). */
const siteSettingsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.put(
    '/scan-limit',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags: ['sites'],
        summary: 'Change the pages the site may scan per month (its credit limit)',
        params: SiteParamsSchema,
        body: UpdateScanLimitRequestSchema,
        response: { 200: ScanLimitResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeScanLimit(fastify.prisma, getSiteAccess(request), request.body.scanLimit),
  )

  fastify.get(
    '/sitemap',
    {
      config: { permission: 'manageSettings', featureFlag: 'settings/sitemaps' },
      schema: {
        tags: ['sites'],
        summary: 'The sitemaps submitted for the site (crawled as seeds)',
        params: SiteParamsSchema,
        response: { 200: SitemapSettingsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getSitemapSettings(fastify.prisma, getSiteAccess(request)),
  )

  fastify.put(
    '/sitemap',
    {
      config: { permission: 'manageSettings', featureFlag: 'settings/sitemaps' },
      schema: {
        tags: ['sites'],
        summary: "Replace the submitted sitemaps; each must be on the site's own address",
        params: SiteParamsSchema,
        body: SitemapSettingsSchema,
        response: { 200: SitemapSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeSitemapSettings(fastify.prisma, getSiteAccess(request), request.body),
  )
}

export default siteRoutes
