import {
  BILLING_CURRENCY,
  type Invoice,
  PRICE_TIERS,
  type PriceTier,
  type SubscriptionStatus,
} from '@canopy/contracts'
import type { ProviderSubscriptionState } from '@canopy/db'
import type Stripe from 'stripe'

/** The Canopy product at the payment provider; its prices are the paid tiers. */
export const BILLING_PRODUCT_ID = 'canopy_pages_per_scan'
export const BILLING_PRODUCT_NAME = 'Canopy pages per scan'

/** Each paid tier's monthly price is found at the provider by this lookup key. */
export function tierLookupKey(tier: PriceTier): string {
  return `canopy_pages_${tier.pages}_monthly`
}

export function tierOfPages(pages: number): PriceTier | undefined {
  return PRICE_TIERS.find((tier) => tier.pages === pages && tier.monthlyPounds > 0)
}

/** pence of the tier's monthly price, as the provider counts it */
export const tierUnitAmount = (tier: PriceTier) => tier.monthlyPounds * 100

/**
 * The provider's subscription states in ours: a trial counts as active; unpaid renewals are past_due;
 * an expired first payment or a paused subscription gives nothing, like a canceled one.
 */
const STATUS_OF: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  canceled: 'canceled',
  paused: 'canceled',
}

/** The pages per scan a price sells: its lookup key's tier, else its `pages` metadata. */
export function pagesOfPrice(price: Stripe.Price): number | null {
  const byKey = PRICE_TIERS.find((tier) => price.lookup_key === tierLookupKey(tier))
  if (byKey) return byKey.pages
  const pages = Number(price.metadata?.pages)
  return Number.isInteger(pages) && pages > 0 ? pages : null
}

/**
 * What we keep of the provider's subscription: its first item is the tier bought. validTo is the end of the
 * current period once a period has been paid for (active or past due), null before the first payment.
 */
export function subscriptionStateOf(subscription: Stripe.Subscription): ProviderSubscriptionState | null {
  const item = subscription.items.data[0]
  const pages = item ? pagesOfPrice(item.price) : null
  if (!item || pages === null) return null
  const status = STATUS_OF[subscription.status] ?? 'canceled'
  const quantity = item.quantity ?? 1
  const paidPeriod = status === 'active' || status === 'past_due'
  return {
    stripeSubscriptionId: subscription.id,
    status,
    scanLimit: pages,
    quantity,
    billingAmount: ((item.price.unit_amount ?? 0) * quantity) / 100,
    validTo: paidPeriod && item.current_period_end ? new Date(item.current_period_end * 1000) : null,
  }
}

const INVOICE_STATUSES = new Set<Invoice['status']>(['draft', 'open', 'paid', 'uncollectible', 'void'])

export function presentInvoice(invoice: Stripe.Invoice): Invoice {
  const status = invoice.status as Invoice['status']
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? null,
    created: new Date(invoice.created * 1000).toISOString(),
    amountDue: invoice.amount_due / 100,
    amountPaid: invoice.amount_paid / 100,
    currency: invoice.currency ?? BILLING_CURRENCY,
    status: INVOICE_STATUSES.has(status) ? status : 'open',
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
  }
}
