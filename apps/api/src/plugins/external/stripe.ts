import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import Stripe from 'stripe'
import type { BillingConfig } from '../../config.js'

/** The payment provider's client with the settings it was made from; null while billing is not configured. */
export interface BillingProvider {
  stripe: Stripe
  publishableKey: string
  webhookSecret: string
}

declare module 'fastify' {
  interface FastifyInstance {
    billingProvider: BillingProvider | null
  }
}

/**
 * The `stripe` client. STRIPE_API_URL points it at another Stripe API (the local fake in tests and the demo):
 * its host, port and protocol replace Stripe's; going live only changes the keys and drops that URL.
 */
export function createStripeClient(billing: BillingConfig): Stripe {
  const target = billing.apiUrl ? new URL(billing.apiUrl) : null
  const defaultPort = target?.protocol === 'https:' ? 443 : 80
  return new Stripe(billing.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || defaultPort,
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  })
}

async function stripePlugin(fastify: FastifyInstance) {
  const { billing } = fastify.config
  fastify.decorate(
    'billingProvider',
    billing
      ? {
          stripe: createStripeClient(billing),
          publishableKey: billing.publishableKey,
          webhookSecret: billing.webhookSecret,
        }
      : null,
  )
}

export default fp(stripePlugin, { name: 'stripe' })
