import { type ExportFormat, exportQuerySchema, type PagedList, pagedListSchema } from '@canopy/contracts'
import type { FastifyContextConfig, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { type ListExport, sendListExport } from '../lib/list-export.js'
import type { RouteFeatureFlag } from '../plugins/app/feature-flags.js'
import type { FastifyZodInstance } from './schemas.js'
import { errorResponses } from './schemas.js'

type ListQueryShape = z.ZodRawShape & { page: z.ZodType; pageSize: z.ZodType }

/** What a list's handlers get: the checked path parameters and query, and the request for its session. */
export interface ListCall<Params, Query> {
  params: Params
  query: Query
  request: FastifyRequest
}

export interface ListRoutes<
  ParamsSchema extends z.ZodType,
  Shape extends ListQueryShape,
  Item extends z.ZodType,
> {
  /** the list's path; its export is served at `${path}/export` */
  path: string
  tags: string[]
  summary: string
  /** what the export holds, e.g. 'Every page of the current filter and sort' */
  exportSummary: string
  params: ParamsSchema
  querystring: z.ZodObject<Shape>
  item: Item
  /** the feature flag of the list's screen: the list and its export answer 404 while it is off for the site */
  featureFlag?: RouteFeatureFlag
  /** the list's answer when it carries more than the page (e.g. the item its rows belong to); a paged list of `item` by default */
  listResponse?: z.ZodType
  list: (
    call: ListCall<z.infer<ParamsSchema>, z.infer<z.ZodObject<Shape>>>,
  ) => Promise<PagedList<z.infer<Item>>>
  exportList: (
    call: ListCall<z.infer<ParamsSchema>, z.infer<ReturnType<typeof exportQuerySchema<Shape>>>>,
  ) => Promise<ListExport<z.infer<Item>>>
}

/**
 * The parameters and query as the route's schemas parsed them: TypeScript cannot follow the type provider
 * through this function's generic schemas, the validator has checked them before the handler runs.
 */
function checked<ParamsSchema extends z.ZodType, QuerySchema extends z.ZodType>(request: {
  params: unknown
  query: unknown
}) {
  return { params: request.params as z.infer<ParamsSchema>, query: request.query as z.infer<QuerySchema> }
}

/**
 * Every list is served the same way: `path` answers one page of the filter and sort as a paged list, and
 * `path/export` streams every row of the same filter and sort as CSV or JSON (the query without paging,
 * plus `format`).
 */
export function registerListRoutes<
  ParamsSchema extends z.ZodType,
  Shape extends ListQueryShape,
  Item extends z.ZodType,
>(fastify: FastifyZodInstance, routes: ListRoutes<ParamsSchema, Shape, Item>) {
  const config: FastifyContextConfig = routes.featureFlag ? { featureFlag: routes.featureFlag } : {}
  fastify.get(
    routes.path,
    {
      config,
      schema: {
        tags: routes.tags,
        summary: routes.summary,
        params: routes.params,
        querystring: routes.querystring,
        response: {
          200: routes.listResponse ?? pagedListSchema(routes.item),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => routes.list({ ...checked<ParamsSchema, z.ZodObject<Shape>>(request), request }),
  )
  const exportQuery = exportQuerySchema(routes.querystring)
  fastify.get(
    `${routes.path}/export`,
    {
      config,
      schema: {
        tags: routes.tags,
        summary: `${routes.exportSummary} as a CSV or JSON file, streamed`,
        params: routes.params,
        querystring: exportQuery,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) => {
      const { params, query } = checked<ParamsSchema, typeof exportQuery>(request)
      const list = await routes.exportList({ params, query, request })
      return sendListExport(reply, (query as { format: ExportFormat }).format, list)
    },
  )
}
