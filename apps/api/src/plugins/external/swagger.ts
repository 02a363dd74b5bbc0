import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createJsonSchemaTransform } from 'fastify-type-provider-zod'

export const API_DOCS_PREFIX = '/api/docs'

/** The OpenAPI document is generated from the routes' zod schemas; the UI is served at /api/docs. */
async function swaggerPlugin(fastify: FastifyInstance) {
  await fastify.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Canopy API',
        description: 'Website quality monitoring: sign-in, accounts, sites and sections.',
        version: '0.1.0',
      },
      servers: [{ url: fastify.config.publicUrl }],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'canopy_session' } },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  })
  await fastify.register(fastifySwaggerUi, { routePrefix: API_DOCS_PREFIX })
}

export default fp(swaggerPlugin, { name: 'swagger' })
