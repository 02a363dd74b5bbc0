import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify'
import fp from 'fastify-plugin'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.js'
import { toErrorBody } from './error-body.js'
import { badRequest } from './http-errors.js'
import { redactUrl, serializeRequest } from './lib/log-redaction.js'
import attemptLimitsPlugin from './plugins/app/attempt-limits.js'
import authPlugin from './plugins/app/auth.js'
import featureFlagsPlugin from './plugins/app/feature-flags.js'
import firstScansPlugin from './plugins/app/first-scans.js'
import invalidTextPlugin from './plugins/app/invalid-text.js'
import mailerPlugin from './plugins/app/mailer.js'
import prismaPlugin from './plugins/app/prisma.js'
import queuesPlugin from './plugins/app/queues.js'
import redisPlugin from './plugins/app/redis.js'
import resultsCachePlugin from './plugins/app/results-cache.js'
import sameOriginPlugin from './plugins/app/same-origin.js'
import scanEventsPlugin from './plugins/app/scan-events.js'
import scanSchedulesPlugin from './plugins/app/scan-schedules.js'
import secretsPlugin from './plugins/app/secrets.js'
import siteAccessPlugin from './plugins/app/site-access.js'
import socketIoPlugin from './plugins/app/socket-io.js'
import cookiePlugin from './plugins/external/cookie.js'
import helmetPlugin from './plugins/external/helmet.js'
import stripePlugin from './plugins/external/stripe.js'
import swaggerPlugin from './plugins/external/swagger.js'
import webAppPlugin from './plugins/external/web-app.js'
import routes from './routes/index.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
  }
}

export interface AppOptions {
  config: Config
}

/** Paths that only the API answers: a browser asking for HTML there still gets JSON, never the SPA. */
const API_ONLY_PREFIXES = ['/api/', '/healthz/', '/socket.io/']

function isApiOnlyPath(url: string): boolean {
  const path = url.split('?')[0] ?? url
  return path === '/api' || API_ONLY_PREFIXES.some((prefix) => path.startsWith(prefix))
}

/**
 * The whole application as one plugin: external plugins, then the app's own, then the routes.
 * Compilers and the error handler are set first, because routes take them when they are registered.
 */
export async function serviceApp(fastify: FastifyInstance, { config }: AppOptions) {
  fastify.decorate('config', config)
  fastify.setValidatorCompiler(validatorCompiler)
  fastify.setSerializerCompiler(serializerCompiler)

  fastify.setErrorHandler((error, request, reply) => {
    const body = toErrorBody(error)
    // A dependency that is down answers 503 at once, and says when to try again.
    if (body.statusCode === 503) reply.header('retry-after', '5')
    if (body.statusCode >= 500) {
      request.log.error({ err: error, method: request.method, url: redactUrl(request.url) }, 'request failed')
    }
    return reply.code(body.statusCode).send(body)
  })

  fastify.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html') &&
      !isApiOnlyPath(request.url)
    // The SPA routes on the client: any page URL gets index.html, and the SPA shows its own not-found.
    if (wantsPage && fastify.webAppAvailable) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    const path = request.url.split('?')[0]
    return reply
      .code(404)
      .send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method} ${path} not found` })
  })

  // First, so that every answer carries the security headers, an early error too.
  await fastify.register(helmetPlugin)
  await fastify.register(invalidTextPlugin)
  await fastify.register(sameOriginPlugin)
  await fastify.register(cookiePlugin)
  await fastify.register(attemptLimitsPlugin)
  await fastify.register(swaggerPlugin)
  await fastify.register(webAppPlugin)

  await fastify.register(prismaPlugin)
  await fastify.register(redisPlugin)
  await fastify.register(queuesPlugin)
  await fastify.register(mailerPlugin)
  await fastify.register(stripePlugin)
  await fastify.register(secretsPlugin)
  await fastify.register(authPlugin)
  await fastify.register(siteAccessPlugin)
  await fastify.register(featureFlagsPlugin)
  await fastify.register(socketIoPlugin)
  await fastify.register(resultsCachePlugin)
  await fastify.register(scanEventsPlugin)
  await fastify.register(scanSchedulesPlugin)
  await fastify.register(firstScansPlugin)

  await fastify.register(routes)
}

export const BAD_URL_MESSAGE = 'The address holds characters that are not valid in a URL.'

function answerBadUrl(reply: FastifyReply) {
  reply.code(400).send(toErrorBody(badRequest('url', BAD_URL_MESSAGE)))
}

/** Server options shared by the process entry and the tests. */
export function createServerOptions(
  logger: FastifyServerOptions['logger'],
  trustProxy: Config['trustProxy'] = false,
): FastifyServerOptions {
  return {
    // No token a user was sent (verification, reset, invite) is written to a log in a request URL.
    logger:
      logger && typeof logger === 'object' ? { ...logger, serializers: { req: serializeRequest } } : logger,
    // A hop count trusts that many proxies nearest to us (Fastify's types only take it as a function).
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // Slow or stuck clients must not hold connections forever.
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // An address the router cannot even decode (bytes that are not UTF-8) is a 400 naming it, in our shape.
    frameworkErrors: (_error, _request, reply) => answerBadUrl(reply as unknown as FastifyReply),
  }
}

/** A configured, not yet listening, application. fp makes its decorators visible on the returned instance. */
export function buildApp(config: Config, logger: FastifyServerOptions['logger'] = false): FastifyInstance {
  const app = Fastify(createServerOptions(logger, config.trustProxy))
  app.register(fp(serviceApp, { name: 'canopy-api' }), { config })
  return app
}
