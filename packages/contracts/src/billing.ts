import { z } from 'zod'

/**
 * Billing by pages per scan. An organisation buys one price tier (pages per scan) as a monthly
 * subscription through the payment provider (Stripe):
 *   GET/POST/DELETE /api/v1/organisation/:id/subscription
 *   POST/GET        /api/v1/organisation/:id/subscription/payment  → {clientSecret, isPaid}
 *   GET             /api/v1/organisation/:id/invoices               (ours)
 *   GET             /api/v1/billing/config                          (ours: what the payment form needs)
 * The organisation's endpoints are for its administrators only (staff too): a member who is not an
 * administrator gets 403, anyone else 404. POST and DELETE /subscription answer the Subscription. While billing
 * is not configured on the installation, the endpoints that need the provider answer 503 (GET /subscription
 * still reads our records) and /billing/config answers {publishableKey: null}.
 * The provider's events arrive at POST /api/v1/billing/webhook (public, signed by the provider).
 */

/** Pages per scan → monthly price in pounds (GBP). The first tier is the free plan. */
export const PRICE_TIERS = [
  { pages: 100, monthlyPounds: 0 },
  { pages: 500, monthlyPounds: 60 },
  { pages: 1000, monthlyPounds: 115 },
  { pages: 2500, monthlyPounds: 205 },
  { pages: 5000, monthlyPounds: 355 },
  { pages: 7500, monthlyPounds: 455 },
  { pages: 10000, monthlyPounds: 555 },
  { pages: 12500, monthlyPounds: 655 },
  { pages: 15000, monthlyPounds: 755 },
  { pages: 17500, monthlyPounds: 830 },
  { pages: 20000, monthlyPounds: 905 },
  { pages: 25000, monthlyPounds: 1055 },
  { pages: 30000, monthlyPounds: 1205 },
  { pages: 35000, monthlyPounds: 1305 },
  { pages: 40000, monthlyPounds: 1405 },
  { pages: 50000, monthlyPounds: 1600 },
] as const
export type PriceTier = (typeof PRICE_TIERS)[number]
/** Pages per scan of a site whose organisation has no paid subscription. */
export const DEFAULT_SCAN_LIMIT = 100
export const BILLING_CURRENCY = 'gbp'
export const BILLING_INTERVALS = ['monthly'] as const
export type BillingInterval = (typeof BILLING_INTERVALS)[number]

export const BILLING_MESSAGES = {
  createSubscription: 'Create a subscription',
  updateSubscription: 'Update my subscription',
  paymentProcessed: 'Your payment has been processed.',
  paymentFormFailed: 'The payment form has not loaded correctly.',
  noSubscription: 'This organisation has no subscription.',
  paidTierOnly: 'Choose one of the paid price tiers.',
  salesOnly: 'Yearly billing and purchase orders go through our sales team.',
} as const

export const OrganisationParamsSchema = z.object({ id: z.string().min(1).max(200) })

const paidTierPages = PRICE_TIERS.filter((tier) => tier.monthlyPounds > 0).map((tier) => tier.pages)

/** The tier bought: quantity is the pages per scan of one of the paid tiers. */
export const SubscriptionRequestSchema = z.object({
  interval: z.enum(BILLING_INTERVALS, { error: BILLING_MESSAGES.salesOnly }).default('monthly'),
  quantity: z
    .number({ error: BILLING_MESSAGES.paidTierOnly })
    .int({ error: BILLING_MESSAGES.paidTierOnly })
    .refine((pages) => paidTierPages.includes(pages as (typeof paidTierPages)[number]), {
      error: BILLING_MESSAGES.paidTierOnly,
    }),
})
export type SubscriptionRequest = z.infer<typeof SubscriptionRequestSchema>

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** GET answers 404 with BILLING_MESSAGES.noSubscription when the organisation never subscribed. */
export const SubscriptionSchema = z.object({
  interval: z.enum(BILLING_INTERVALS),
  /** pages per scan bought */
  quantity: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** 'monthly' */
  type: z.string(),
  /** pounds per month */
  billingAmount: z.number(),
  /** ISO 8601: the end of the period paid for; null before the first payment */
  validTo: z.string().nullable(),
  /** true while billing runs through the payment provider */
  providerManaged: z.boolean(),
  /** whether the organisation's sites get the paid features now */
  isPaying: z.boolean(),
})
export type Subscription = z.infer<typeof SubscriptionSchema>

/** clientSecret: the payment intent's, for the payment form; null once paid. */
export const SubscriptionPaymentSchema = z.object({
  clientSecret: z.string().nullable(),
  isPaid: z.boolean(),
})
export type SubscriptionPayment = z.infer<typeof SubscriptionPaymentSchema>

export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  /** ISO 8601 */
  created: z.string(),
  /** pounds */
  amountDue: z.number(),
  amountPaid: z.number(),
  currency: z.string(),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  hostedInvoiceUrl: z.string().nullable(),
  invoicePdf: z.string().nullable(),
})
export const InvoicesSchema = z.array(InvoiceSchema)
export type Invoice = z.infer<typeof InvoiceSchema>

/**
 * What the payment form needs: the provider's publishable key and where its browser script is loaded from
 * (Stripe.js comes from Stripe; offline it fails to load and the form says so). null while billing is not
 * configured on this installation.
 */
export const BillingConfigSchema = z.object({
  publishableKey: z.string().nullable(),
})
export type BillingConfig = z.infer<typeof BillingConfigSchema>
