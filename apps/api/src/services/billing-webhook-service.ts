import { findOrganisationByStripeCustomer, type PrismaClient, processBillingEventOnce } from '@canopy/db'
import Stripe from 'stripe'
import { badRequest } from '../http-errors.js'
import type { BillingProvider } from '../plugins/external/stripe.js'
import { atProvider, storeSubscriptionNews, unlessMissing } from './billing-service.js'

export const WEBHOOK_SIGNATURE_MESSAGE =
  'The event is not signed by the payment provider with this installation’s webhook secret, or is too old.'

/** The events that change a subscription; the others are acknowledged and recorded only. */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
])

/**
 * The event, if the provider signed it with our webhook secret less than five minutes ago (the provider
 * library's tolerance, which also stops an old event being replayed); a 400 otherwise, also while billing
 * is not configured (there is no secret an event could be signed with).
 */
export function verifyEvent(
  provider: BillingProvider | null,
  body: unknown,
  signature: unknown,
): Stripe.Event {
  if (!provider || !Buffer.isBuffer(body) || typeof signature !== 'string' || !signature) {
    throw badRequest('stripe-signature', WEBHOOK_SIGNATURE_MESSAGE)
  }
  try {
    return provider.stripe.webhooks.constructEvent(body, signature, provider.webhookSecret)
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw badRequest('stripe-signature', WEBHOOK_SIGNATURE_MESSAGE)
    }
    throw error
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

/** The subscription an event is about: the subscription itself, or the one that issued the invoice. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as Stripe.Subscription | Stripe.Invoice
  if (object.object === 'subscription') return object.id
  return idOf(object.parent?.subscription_details?.subscription)
}

/**
 * Handles a verified event once (by its id). The subscription is read afresh from the provider, so events
 * arriving out of order still leave its latest state. An event about another subscription than the
 * organisation's current one (one replaced before it was paid) changes nothing.
 */
export async function handleBillingEvent(
  prisma: PrismaClient,
  provider: BillingProvider,
  event: Stripe.Event,
): Promise<void> {
  const subscriptionId = SUBSCRIPTION_EVENTS.has(event.type) ? subscriptionIdOf(event) : null
  const subscription = subscriptionId
    ? await atProvider(() => unlessMissing(provider.stripe.subscriptions.retrieve(subscriptionId)))
    : null
  const customerId = subscription ? idOf(subscription.customer) : null
  const organisation = customerId ? await findOrganisationByStripeCustomer(prisma, customerId) : null
  await processBillingEventOnce(prisma, event, async (tx) => {
    if (subscription && organisation) await storeSubscriptionNews(tx, organisation.id, subscription)
  })
}
