import { PutScanLoginRequestSchema, ScanLoginSchema, ScanLoginTestResultSchema } from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  getScanLogin,
  putScanLogin,
  removeScanLogin,
  testScanLogin,
} from '../../services/scan-login-service.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const tags = ['settings']

/**
 * GET/PUT/DELETE /scan-login and POST /scan-login/test: how scans sign in to the site (a login form or a
 * cookie set). Site admins only (manageSettings), reading included: the settings name the login page and
 * the fields a scan fills in. Secrets are never answered, only whether each is set.
 */
const scanLoginRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { prisma, secrets, queues, config } = fastify
  fastify.get(
    '/scan-login',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags,
        summary: 'How scans sign in to the site (admins: manageSettings); secrets only as set or not',
        params: SiteParamsSchema,
        response: { 200: ScanLoginSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getScanLogin(prisma, getSiteAccess(request).siteId),
  )
  fastify.put(
    '/scan-login',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags,
        summary: 'Set how scans sign in: a login form or a cookie set; a blank secret keeps the stored one',
        params: SiteParamsSchema,
        body: PutScanLoginRequestSchema,
        response: { 200: ScanLoginSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => putScanLogin({ prisma, secrets }, getSiteAccess(request).siteId, request.body),
  )
  fastify.delete(
    '/scan-login',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags,
        summary: 'Scans stop signing in to the site',
        params: SiteParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeScanLogin(prisma, getSiteAccess(request).siteId)
      return reply.code(204).send(null)
    },
  )
  fastify.post(
    '/scan-login/test',
    {
      config: { permission: 'manageSettings' },
      schema: {
        tags,
        summary: 'Sign in with the stored sign-in through a worker, as a scan would, and say how it went',
        params: SiteParamsSchema,
        response: { 200: ScanLoginTestResultSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) =>
      testScanLogin(
        { prisma, queues, redisUrl: config.redisUrl, queuePrefix: config.queuePrefix },
        getSiteAccess(request).siteId,
      ),
  )
}

export default scanLoginRoutes
