import {
  type FeatureFlagName,
  HistoryQuerySchema,
  InventoryItemParamsSchema,
  InventoryItemSchema,
  InventoryListParamsSchema,
  InventoryListQuerySchema,
  InventoryOverviewSchema,
  InventoryPageItemSchema,
  InventoryPagesQuerySchema,
  InventoryPagesResponseSchema,
} from '@canopy/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  exportInventory,
  exportInventoryPages,
  getInventoryOverview,
  listInventory,
  listInventoryPages,
} from '../../services/inventory-service.js'
import { registerListRoutes } from '../list-routes.js'
import type { FastifyZodInstance } from '../schemas.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const ListParamsSchema = SiteParamsSchema.extend(InventoryListParamsSchema.shape)
const ItemParamsSchema = SiteParamsSchema.extend(InventoryItemParamsSchema.shape)

/** The media lists sit behind the inventory/media flag; the e-mail and telephone lists do not. */
function mediaFlag(request: FastifyRequest): FeatureFlagName | null {
  return (request.params as { kind?: string }).kind === 'media' ? 'inventory/media' : null
}

/** GET /inventory/:kind and GET /inventory/:kind/:id, each with its export */
function inventoryListRoutes(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  registerListRoutes(fastify, {
    path: '/inventory/:kind',
    featureFlag: mediaFlag,
    tags: ['inventory'],
    summary: 'The e-mail addresses, telephone numbers or media the pages show, with validity and occurrences',
    exportSummary: 'Every item of one inventory kind, current filter and sort,',
    params: ListParamsSchema,
    querystring: InventoryListQuerySchema,
    item: InventoryItemSchema,
    list: ({ params, query, request }) =>
      listInventory(prisma, getSiteAccess(request).siteId, params.kind, query),
    exportList: ({ params, query, request }) =>
      exportInventory(prisma, getSiteAccess(request), params.kind, query),
  })
  registerListRoutes(fastify, {
    path: '/inventory/:kind/:id',
    featureFlag: mediaFlag,
    tags: ['inventory'],
    summary: 'The pages where one e-mail address, telephone number, PDF or media file occurs, with that item',
    exportSummary: 'Every page where one inventory item occurs, current filter and sort,',
    params: ItemParamsSchema,
    querystring: InventoryPagesQuerySchema,
    item: InventoryPageItemSchema,
    listResponse: InventoryPagesResponseSchema,
    list: ({ params, query, request }) =>
      listInventoryPages(prisma, getSiteAccess(request).siteId, params, query),
    exportList: ({ params, query, request }) =>
      exportInventoryPages(prisma, getSiteAccess(request), params, query),
  })
}

/** The inventory of a site: count cards and their history, contact and media lists, and where each occurs. */
const inventoryRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/inventory',
    {
      schema: {
        tags: ['inventory'],
        summary: 'The last scan’s inventory counts and their history, for the site or one section',
        params: SiteParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: InventoryOverviewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getInventoryOverview(fastify.prisma, getSiteAccess(request).siteId, request.query),
  )
  inventoryListRoutes(fastify)
}

export default inventoryRoutes
