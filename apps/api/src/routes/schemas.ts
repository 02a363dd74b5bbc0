import { ApiErrorBodySchema } from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** Documents the error answers of a route in the OpenAPI output; every one has the same body. */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, ApiErrorBodySchema])) as Record<
    Codes[number],
    typeof ApiErrorBodySchema
  >
}

/** The Fastify instance a zod-typed route plugin gets, for route plugins split into one function per route. */
export type FastifyZodInstance = Parameters<FastifyPluginAsyncZod>[0]
