import {
  BILLING_MESSAGES,
  type Invoice,
  ORGANISATION_MESSAGES,
  type Subscription,
  type SubscriptionPayment,
  type SubscriptionRequest,
} from '@canopy/contracts'
import {
  applySubscriptionToOrganisation,
  type BillingOrganisation,
  billingStateOf,
  type DbClient,
  findOrganisationForBilling,
  type PrismaClient,
  runInTransaction,
  saveProviderSubscription,
  saveProviderSubscriptionIfCurrent,
  setOrganisationStripeCustomer,
  type User,
} from '@canopy/db'
import Stripe from 'stripe'
import { badRequest, HttpError, notFound } from '../http-errors.js'
import type { BillingProvider } from '../plugins/external/stripe.js'
import { tierPriceId } from './billing-catalogue.js'
import { presentInvoice, subscriptionStateOf, tierOfPages } from './billing-state.js'
import { requireOrganisationAdministrator } from './organisation-access.js'

export const BILLING_NOT_CONFIGURED_MESSAGE =
  'Billing is not set up on this installation: its payment provider keys are not configured.'
export const MANAGED_BY_US_MESSAGE =
  'This organisation’s subscription is managed by our team, not paid by card: please contact support to change it.'
export const PROVIDER_FAILED_MESSAGE =
  'The payment provider did not answer as expected. Please try again shortly.'

/** Subscriptions the organisation pays for (or is paying for) at the provider: these are changed, not replaced. */
const RUNNING_STATUSES = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due', 'unpaid'])
const EXPAND_PAYMENT = ['latest_invoice.confirmation_secret']

export function requireProvider(provider: BillingProvider | null): BillingProvider {
  if (!provider) throw new HttpError(503, BILLING_NOT_CONFIGURED_MESSAGE)
  return provider
}

/**
 * The provider's errors in ours: a refused card says the provider's own message; anything else the
 * provider answers (a wrong key, an outage) is its failure, not the user's, and stays in the log.
 */
export async function atProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new HttpError(402, error.message)
    if (error instanceof Stripe.errors.StripeError) {
      throw new HttpError(502, PROVIDER_FAILED_MESSAGE, undefined, error)
    }
    throw error
  }
}

/**
 * Billing is for the organisation's administrators and for staff. Anyone else who is not a member gets the
 * same answer as for an organisation that does not exist; a member who is not an administrator gets 403.
 */
export async function findBillingOrganisation(
  prisma: PrismaClient,
  organisationId: string,
  user: User,
): Promise<BillingOrganisation> {
  const row = await findOrganisationForBilling(prisma, { organisationId, userId: user.id })
  if (!row) throw notFound(ORGANISATION_MESSAGES.notFound)
  requireOrganisationAdministrator(row.members[0], user)
  return row
}

type SubscriptionRow = NonNullable<BillingOrganisation['subscription']>

/** A subscription arranged with us (not through the provider) is changed or ended by us, not by card. */
function refuseIfManagedByUs(organisation: BillingOrganisation) {
  const stored = organisation.subscription
  if (stored && !stored.providerManaged && stored.status !== 'canceled') {
    throw new HttpError(409, MANAGED_BY_US_MESSAGE)
  }
}

export function presentSubscription(row: SubscriptionRow): Subscription {
  return {
    interval: 'monthly',
    quantity: row.scanLimit,
    status: row.status,
    type: row.type,
    billingAmount: Number(row.billingAmount),
    validTo: row.validTo?.toISOString() ?? null,
    providerManaged: row.providerManaged,
    isPaying: billingStateOf(row).isPaying,
  }
}

/**
 * Stores what the provider says of the organisation's (new) subscription and derives the organisation's
 * plan and its sites' limits from it, in one transaction. A subscription for no tier of ours is left alone.
 */
export async function storeProviderSubscription(
  db: DbClient,
  organisationId: string,
  subscription: Stripe.Subscription,
) {
  const state = subscriptionStateOf(subscription)
  if (!state) return null
  return runInTransaction(db, async (tx) => {
    const row = await saveProviderSubscription(tx, organisationId, state)
    await applySubscriptionToOrganisation(tx, organisationId)
    return row
  })
}

/** The same for news of a subscription (an event): applied only while it is the organisation's current one. */
export async function storeSubscriptionNews(
  db: DbClient,
  organisationId: string,
  subscription: Stripe.Subscription,
) {
  const state = subscriptionStateOf(subscription)
  if (!state) return
  await runInTransaction(db, async (tx) => {
    if (await saveProviderSubscriptionIfCurrent(tx, organisationId, state)) {
      await applySubscriptionToOrganisation(tx, organisationId)
    }
  })
}

const isMissingAtProvider = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404

/** The provider's object, or null when the provider no longer has it (deleted in its dashboard). */
export async function unlessMissing<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup
  } catch (error) {
    if (isMissingAtProvider(error)) return null
    throw error
  }
}

/**
 * The organisation's customer at the provider, made the first time it is needed, and made again when the
 * provider no longer has the one stored.
 */
async function ensureCustomer(stripe: Stripe, prisma: PrismaClient, organisation: BillingOrganisation) {
  const storedId = organisation.stripeCustomerId
  const stored = storedId ? await unlessMissing(stripe.customers.retrieve(storedId)) : null
  if (stored && !stored.deleted) return stored.id
  const customer = await stripe.customers.create(
    {
      name: organisation.name,
      ...(organisation.emailAddress ? { email: organisation.emailAddress } : {}),
      metadata: { organisationId: organisation.id },
    },
    { idempotencyKey: `canopy-customer-${organisation.id}-${storedId ?? 'first'}` },
  )
  await setOrganisationStripeCustomer(prisma, organisation.id, customer.id)
  return customer.id
}

async function currentProviderSubscription(stripe: Stripe, organisation: BillingOrganisation) {
  const id = organisation.subscription?.providerManaged && organisation.subscription.stripeSubscriptionId
  return id ? unlessMissing(stripe.subscriptions.retrieve(id, { expand: EXPAND_PAYMENT })) : null
}

/**
 * Moves the organisation to the tier: a paid-for subscription changes its item, the change taking effect
 * once its prorated invoice is paid (pending_if_incomplete); an unpaid first subscription for another tier
 * is canceled and a new one made, incomplete until its first invoice is paid (default_incomplete).
 */
async function changeToTier(
  stripe: Stripe,
  prisma: PrismaClient,
  organisation: BillingOrganisation,
  priceId: string,
): Promise<Stripe.Subscription> {
  const current = await currentProviderSubscription(stripe, organisation)
  const item = current?.items.data[0]
  const usable = current && (RUNNING_STATUSES.has(current.status) || current.status === 'incomplete')
  if (usable && item?.price.id === priceId) return current
  if (current && item && RUNNING_STATUSES.has(current.status)) {
    return stripe.subscriptions.update(current.id, {
      items: [{ id: item.id, price: priceId, quantity: 1 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      expand: EXPAND_PAYMENT,
    })
  }
  if (current?.status === 'incomplete') await stripe.subscriptions.cancel(current.id)
  return stripe.subscriptions.create({
    customer: await ensureCustomer(stripe, prisma, organisation),
    items: [{ price: priceId, quantity: 1 }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    metadata: { organisationId: organisation.id },
    expand: EXPAND_PAYMENT,
  })
}

export async function subscribeToTier(
  prisma: PrismaClient,
  provider: BillingProvider,
  organisation: BillingOrganisation,
  request: SubscriptionRequest,
): Promise<Stripe.Subscription> {
  const tier = tierOfPages(request.quantity)
  if (!tier) throw badRequest('quantity', BILLING_MESSAGES.paidTierOnly)
  refuseIfManagedByUs(organisation)
  return atProvider(async () => {
    const priceId = await tierPriceId(provider.stripe, tier)
    const subscription = await changeToTier(provider.stripe, prisma, organisation, priceId)
    await storeProviderSubscription(prisma, organisation.id, subscription)
    return subscription
  })
}

/** The client secret of the payment the subscription waits for; none once its latest invoice is paid. */
export function paymentOf(subscription: Stripe.Subscription): SubscriptionPayment {
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null
  const isPaid = invoice?.status === 'paid'
  const waiting = !isPaid && subscription.status !== 'canceled'
  return { clientSecret: waiting ? (invoice?.confirmation_secret?.client_secret ?? null) : null, isPaid }
}

export async function fetchPayment(provider: BillingProvider, organisation: BillingOrganisation) {
  const subscription = await atProvider(() => currentProviderSubscription(provider.stripe, organisation))
  if (!subscription) throw notFound(BILLING_MESSAGES.noSubscription)
  return paymentOf(subscription)
}

/** Cancels at the provider at once; the organisation and its sites are free again. */
export async function cancelSubscription(
  prisma: PrismaClient,
  provider: BillingProvider,
  organisation: BillingOrganisation,
): Promise<Subscription> {
  refuseIfManagedByUs(organisation)
  const stored = organisation.subscription
  if (!stored?.stripeSubscriptionId || !stored.providerManaged || stored.status === 'canceled') {
    throw notFound(BILLING_MESSAGES.noSubscription)
  }
  const id = stored.stripeSubscriptionId
  const canceled = await atProvider(() => unlessMissing(provider.stripe.subscriptions.cancel(id)))
  // One the provider no longer has is over too.
  const row = canceled
    ? await storeProviderSubscription(prisma, organisation.id, canceled)
    : await saveProviderSubscription(prisma, organisation.id, {
        ...stored,
        stripeSubscriptionId: id,
        billingAmount: Number(stored.billingAmount),
        status: 'canceled',
      })
  await applySubscriptionToOrganisation(prisma, organisation.id)
  return presentSubscription(row ?? { ...stored, status: 'canceled' })
}

export async function listInvoices(provider: BillingProvider, organisation: BillingOrganisation) {
  const customer = organisation.stripeCustomerId
  if (!customer) return [] as Invoice[]
  const invoices = await atProvider(() => provider.stripe.invoices.list({ customer, limit: 100 }))
  return invoices.data.map(presentInvoice)
}
