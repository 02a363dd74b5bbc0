import { PRICE_TIERS } from '@canopy/contracts'
import { billingStateOf } from '@canopy/db'
import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import {
  pagesOfPrice,
  presentInvoice,
  subscriptionStateOf,
  tierLookupKey,
  tierOfPages,
} from './billing-state.js'

const price = (lookupKey: string | null, unitAmount: number, metadata: Record<string, string> = {}) =>
  ({ id: 'price_1', lookup_key: lookupKey, unit_amount: unitAmount, metadata }) as unknown as Stripe.Price

function subscription(status: Stripe.Subscription.Status, periodEnd = 1_900_000_000): Stripe.Subscription {
  return {
    id: 'sub_1',
    status,
    items: {
      data: [
        { price: price('canopy_pages_1000_monthly', 11_500), quantity: 1, current_period_end: periodEnd },
      ],
    },
  } as unknown as Stripe.Subscription
}

describe('the tiers at the payment provider', () => {
  it('finds only paid tiers by pages, each with its own lookup key', () => {
    expect(tierOfPages(100)).toBeUndefined()
    expect(tierOfPages(123)).toBeUndefined()
    expect(tierOfPages(500)).toEqual({ pages: 500, monthlyPounds: 60 })
    const keys = PRICE_TIERS.map(tierLookupKey)
    expect(new Set(keys).size).toBe(PRICE_TIERS.length)
  })

  it('reads the pages a price sells from its lookup key, else its metadata', () => {
    expect(pagesOfPrice(price('canopy_pages_2500_monthly', 20_500))).toBe(2500)
    expect(pagesOfPrice(price(null, 1000, { pages: '7500' }))).toBe(7500)
    expect(pagesOfPrice(price('someone_elses', 1000))).toBeNull()
  })
})

describe('subscriptionStateOf', () => {
  it('keeps the tier, amount and the end of the paid period of an active subscription', () => {
    expect(subscriptionStateOf(subscription('active'))).toEqual({
      stripeSubscriptionId: 'sub_1',
      status: 'active',
      scanLimit: 1000,
      quantity: 1,
      billingAmount: 115,
      validTo: new Date(1_900_000_000 * 1000),
    })
  })

  it('has no validTo before the first payment, and reads the provider’s other states as ours', () => {
    expect(subscriptionStateOf(subscription('incomplete'))).toMatchObject({
      status: 'incomplete',
      validTo: null,
    })
    expect(subscriptionStateOf(subscription('trialing'))?.status).toBe('active')
    expect(subscriptionStateOf(subscription('unpaid'))?.status).toBe('past_due')
    expect(subscriptionStateOf(subscription('incomplete_expired'))?.status).toBe('canceled')
    expect(subscriptionStateOf(subscription('canceled'))).toMatchObject({ status: 'canceled', validTo: null })
  })
})

describe('billingStateOf: what derives from the subscription', () => {
  it('pays with the pages bought only while the subscription is active', () => {
    expect(billingStateOf({ status: 'active', scanLimit: 5000 })).toEqual({
      subType: 'plus',
      isPaying: true,
      maximumPageLimitPerScan: 5000,
    })
    for (const status of ['incomplete', 'past_due', 'canceled'] as const) {
      expect(billingStateOf({ status, scanLimit: 5000 })).toEqual({
        subType: 'free',
        isPaying: false,
        maximumPageLimitPerScan: 100,
      })
    }
    expect(billingStateOf(null).isPaying).toBe(false)
  })
})

describe('presentInvoice', () => {
  it('gives pounds and ISO dates', () => {
    const invoice = {
      id: 'in_1',
      number: 'FAKE-0001',
      created: 1_800_000_000,
      amount_due: 11_500,
      amount_paid: 11_500,
      currency: 'gbp',
      status: 'paid',
      hosted_invoice_url: 'https://invoice.example/in_1',
      invoice_pdf: null,
    } as unknown as Stripe.Invoice
    expect(presentInvoice(invoice)).toEqual({
      id: 'in_1',
      number: 'FAKE-0001',
      created: new Date(1_800_000_000_000).toISOString(),
      amountDue: 115,
      amountPaid: 115,
      currency: 'gbp',
      status: 'paid',
      hostedInvoiceUrl: 'https://invoice.example/in_1',
      invoicePdf: null,
    })
  })
})
