import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** true when the built SPA was found: the 404 handler then answers page requests with index.html */
    webAppAvailable: boolean
  }
}

/** Serves the built SPA from WEB_DIST_DIR on the same port as the API. */
async function webAppPlugin(fastify: FastifyInstance) {
  const root = fastify.config.webDistDir
  const available = existsSync(path.join(root, 'index.html'))
  fastify.decorate('webAppAvailable', available)
  if (!available) {
    fastify.log.warn({ webDistDir: root }, 'no built web app found: only the API is served')
    return
  }
  await fastify.register(fastifyStatic, {
    root,
    index: ['index.html'],
    // Vite fingerprints everything under assets/, so those files never change; index.html always may.
    setHeaders: (reply, filePath) => {
      const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep)
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
}

export default fp(webAppPlugin, { name: 'web-app' })
