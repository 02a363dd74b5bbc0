import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { createJsonSchemaTransform } from 'fastify-type-provider-zod'
import { apiDocsPolicy } from './helmet.js'

export const API_DOCS_PREFIX = '/api/docs'

/**
 * In production the UI and the document answer only a signed-in user, with the session check of the API
 * routes (plugins/app/auth.ts). It loads after this plugin, hence the look-up at request time. Signed out,
 * the page is the same 401 as the document: the sign-in page always lands on the dashboard, never back here.
 */
function signedInOnly(fastify: FastifyInstance): onRequestAsyncHookHandler {
  return async (request, reply) => {
    await fastify.sessions.loadSession.call(fastify, request, reply)
    await fastify.sessions.requireUser.call(fastify, request, reply)
  }
}

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
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'canopy_session' },
          // Personal API tokens from the profile screen, for REST clients and the canopy CLI.
          bearer: { type: 'http', scheme: 'bearer', description: 'A personal API token (cnp_...)' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  })
  await fastify.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    staticCSP: apiDocsPolicy(fastify.config.publicUrl),
    uiHooks: fastify.config.publicApiDocs ? {} : { onRequest: signedInOnly(fastify) },
  })
}

export default fp(swaggerPlugin, { name: 'swagger' })
