import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { forbidden } from '../../http-errors.js'
import { isFromOwnPages } from '../../lib/request-origin.js'
import { bearerTokenOf } from './auth.js'

export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another site and was refused.'

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A request that changes something must come from Canopy's own pages when a browser sends it: another site
 * cannot make a signed-in user's browser sign out, start scans or change settings (SameSite=Lax cookies
 * alone leave same-site subdomains and top-level form posts of some browsers open). Checked before anything
 * else reads the request. A request with an API token (`Authorization: Bearer`) is exempt: such a request is
 * authenticated by the token alone (its cookie is ignored), and another site's page cannot add the header
 * without a CORS preflight the API never grants.
 */
async function sameOriginPlugin(fastify: FastifyInstance) {
  const { publicUrl } = fastify.config
  fastify.addHook('onRequest', async (request: FastifyRequest) => {
    if (bearerTokenOf(request.headers.authorization) !== undefined) return
    if (CHANGING_METHODS.has(request.method) && !isFromOwnPages(request.headers, publicUrl)) {
      throw forbidden(FOREIGN_ORIGIN_MESSAGE)
    }
  })
}

export default fp(sameOriginPlugin, { name: 'same-origin' })
