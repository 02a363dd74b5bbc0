import fastifyCookie from '@fastify/cookie'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** Cookies are not signed: the session cookie is a random token whose sha256 is looked up in the database. */
async function cookiePlugin(fastify: FastifyInstance) {
  await fastify.register(fastifyCookie)
}

export default fp(cookiePlugin, { name: 'cookie' })
