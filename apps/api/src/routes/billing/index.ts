import {
  BILLING_MESSAGES,
  BillingConfigSchema,
  InvoicesSchema,
  OrganisationParamsSchema,
  SubscriptionPaymentSchema,
  SubscriptionRequestSchema,
  SubscriptionSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../http-errors.js'
import { getSignedInUser } from '../../plugins/app/auth.js'
import {
  cancelSubscription,
  fetchPayment,
  findBillingOrganisation,
  listInvoices,
  paymentOf,
  presentSubscription,
  requireProvider,
  subscribeToTier,
} from '../../services/billing-service.js'
import { handleBillingEvent, verifyEvent } from '../../services/billing-webhook-service.js'
import type { FastifyZodInstance } from '../schemas.js'
import { errorResponses } from '../schemas.js'

const tags = ['billing']
const params = OrganisationParamsSchema

/** The organisation the signed-in user administers (or staff), else 404/403 (billing-service). */
function organisationOf(fastify: FastifyZodInstance, request: FastifyRequest, id: string) {
  return findBillingOrganisation(fastify.prisma, id, getSignedInUser(request))
}

function subscriptionRoutes(fastify: FastifyZodInstance) {
  fastify.get(
    '/:id/subscription',
    {
      schema: {
        tags,
        summary: "The organisation's subscription (from our records); its administrators only",
        params,
        response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const organisation = await organisationOf(fastify, request, request.params.id)
      if (!organisation.subscription) throw notFound(BILLING_MESSAGES.noSubscription)
      return presentSubscription(organisation.subscription)
    },
  )

  fastify.post(
    '/:id/subscription',
    {
      schema: {
        tags,
        summary: 'Subscribe to a paid tier, or change to another; payment through /subscription/payment',
        params,
        body: SubscriptionRequestSchema,
        response: { 200: SubscriptionSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const organisation = await organisationOf(fastify, request, request.params.id)
      const provider = requireProvider(fastify.billingProvider)
      await subscribeToTier(fastify.prisma, provider, organisation, request.body)
      const updated = await organisationOf(fastify, request, request.params.id)
      if (!updated.subscription) throw notFound(BILLING_MESSAGES.noSubscription)
      return presentSubscription(updated.subscription)
    },
  )

  fastify.delete(
    '/:id/subscription',
    {
      schema: {
        tags,
        summary: 'Cancel the subscription at once; the organisation is on the free plan again',
        params,
        response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const organisation = await organisationOf(fastify, request, request.params.id)
      const provider = requireProvider(fastify.billingProvider)
      return cancelSubscription(fastify.prisma, provider, organisation)
    },
  )
}

function paymentRoutes(fastify: FastifyZodInstance) {
  fastify.post(
    '/:id/subscription/payment',
    {
      schema: {
        tags,
        summary: "Subscribe to (or change to) the tier and answer its payment's client secret",
        params,
        body: SubscriptionRequestSchema,
        response: { 200: SubscriptionPaymentSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const organisation = await organisationOf(fastify, request, request.params.id)
      const provider = requireProvider(fastify.billingProvider)
      return paymentOf(await subscribeToTier(fastify.prisma, provider, organisation, request.body))
    },
  )

  fastify.get(
    '/:id/subscription/payment',
    {
      schema: {
        tags,
        summary: "The current subscription's payment: its client secret while unpaid",
        params,
        response: { 200: SubscriptionPaymentSchema, ...errorResponses(401, 403, 404, 502, 503) },
      },
    },
    async (request) => {
      const organisation = await organisationOf(fastify, request, request.params.id)
      return fetchPayment(requireProvider(fastify.billingProvider), organisation)
    },
  )

  fastify.get(
    '/:id/invoices',
    {
      schema: {
        tags,
        summary: "The organisation's invoices at the payment provider, newest first",
        params,
        response: { 200: InvoicesSchema, ...errorResponses(401, 403, 404, 502, 503) },
      },
    },
    async (request) => {
      const organisation = await organisationOf(fastify, request, request.params.id)
      return listInvoices(requireProvider(fastify.billingProvider), organisation)
    },
  )
}

/** /api/v1/organisation/:id/...: an organisation's subscription, its payment and its invoices. */
export const organisationBillingRoutes: FastifyPluginAsyncZod = async (fastify) => {
  subscriptionRoutes(fastify)
  paymentRoutes(fastify)
}

/** /api/v1/billing/config: what the payment form needs; null while billing is not configured. */
export const billingConfigRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/config',
    {
      schema: {
        tags,
        summary: "The payment provider's publishable key for the payment form (null: billing is off)",
        response: { 200: BillingConfigSchema, ...errorResponses(401) },
      },
    },
    async () => ({ publishableKey: fastify.billingProvider?.publishableKey ?? null }),
  )
}

/**
 * POST /api/v1/billing/webhook: the payment provider's events. Public, because the provider calls it
 * without a session; it is authenticated by the event's signature instead, which is computed over the
 * exact bytes sent, so this route alone keeps its body raw.
 */
export const billingWebhookRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.removeAllContentTypeParsers()
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
  fastify.post(
    '/webhook',
    {
      schema: {
        tags,
        summary: "The payment provider's events, signed with the webhook secret (Stripe-Signature)",
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 502) },
      },
    },
    async (request) => {
      const event = verifyEvent(fastify.billingProvider, request.body, request.headers['stripe-signature'])
      await handleBillingEvent(fastify.prisma, requireProvider(fastify.billingProvider), event)
      return { received: true as const }
    },
  )
}
