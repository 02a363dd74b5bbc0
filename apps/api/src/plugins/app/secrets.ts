import { createSecretBox, type SecretBox } from '@canopy/db'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** seals secrets before they are stored and opens them where the server needs them (never for the browser) */
    secrets: SecretBox
  }
}

/** The secret box of CANOPY_SECRETS_KEY; without a key, storing a secret answers 503 with the reason. */
async function secretsPlugin(fastify: FastifyInstance) {
  fastify.decorate('secrets', createSecretBox(fastify.config.secretsKey))
  if (!fastify.config.secretsKey) {
    fastify.log.warn('CANOPY_SECRETS_KEY is unset: integrations and sign-in secrets cannot be stored')
  }
}

export default fp(secretsPlugin, { name: 'secrets' })
