import {
  AlertInputSchema,
  AlertParamsSchema,
  StaffAlertListSchema,
  StaffAlertSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  changeStaffAlert,
  createStaffAlert,
  deleteStaffAlert,
  expireStaffAlert,
  listStaffAlerts,
} from '../../services/staff-alerts-service.js'
import { errorResponses } from '../schemas.js'

/** /api/v1/staff/alerts: the dashboard alerts, for every site or one, administered by staff. */
const staffAlertsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { prisma } = fastify
  const tags = ['staff']

  fastify.get(
    '/staff/alerts',
    {
      schema: {
        tags,
        summary: 'Staff: every dashboard alert, current, future and expired',
        response: { 200: StaffAlertListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: await listStaffAlerts(prisma) }),
  )

  fastify.post(
    '/staff/alerts',
    {
      schema: {
        tags,
        summary: 'Staff: publish an alert on every site (no siteSlug) or one',
        body: AlertInputSchema,
        response: { 201: StaffAlertSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.code(201)
      return createStaffAlert(prisma, request.body)
    },
  )

  fastify.put(
    '/staff/alerts/:alertId',
    {
      schema: {
        tags,
        summary: 'Staff: change an alert (a newer publication shows it again to those who dismissed it)',
        params: AlertParamsSchema,
        body: AlertInputSchema,
        response: { 200: StaffAlertSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeStaffAlert(prisma, request.params.alertId, request.body),
  )

  fastify.post(
    '/staff/alerts/:alertId/expire',
    {
      schema: {
        tags,
        summary: 'Staff: stop showing an alert now (it is kept)',
        params: AlertParamsSchema,
        response: { 200: StaffAlertSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => expireStaffAlert(prisma, request.params.alertId),
  )

  fastify.delete(
    '/staff/alerts/:alertId',
    {
      schema: {
        tags,
        summary: 'Staff: delete an alert',
        params: AlertParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await deleteStaffAlert(prisma, request.params.alertId)
      return { ok: true as const }
    },
  )
}

export default staffAlertsRoutes
