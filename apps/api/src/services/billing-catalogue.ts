import { BILLING_CURRENCY, type PriceTier } from '@canopy/contracts'
import Stripe from 'stripe'
import { BILLING_PRODUCT_ID, BILLING_PRODUCT_NAME, tierLookupKey, tierUnitAmount } from './billing-state.js'

const isAlreadyThere = (error: unknown) =>
  error instanceof Stripe.errors.StripeError && error.code === 'resource_already_exists'

/** The Canopy product, made with a fixed id the first time: a second maker finds it there. */
async function ensureProduct(stripe: Stripe): Promise<string> {
  try {
    return (await stripe.products.retrieve(BILLING_PRODUCT_ID)).id
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404) throw error
  }
  try {
    return (await stripe.products.create({ id: BILLING_PRODUCT_ID, name: BILLING_PRODUCT_NAME })).id
  } catch (error) {
    if (isAlreadyThere(error)) return BILLING_PRODUCT_ID
    throw error
  }
}

async function findTierPrice(stripe: Stripe, tier: PriceTier): Promise<Stripe.Price | undefined> {
  const found = await stripe.prices.list({ lookup_keys: [tierLookupKey(tier)], active: true, limit: 1 })
  return found.data[0]
}

/**
 * The tier's monthly GBP price, found by its lookup key; made under the Canopy product when there is none,
 * or when the tier's amount changed (the new price then takes the lookup key over). The idempotency key
 * makes two makers at once get the same price, so a price is never made twice.
 */
async function ensureTierPrice(stripe: Stripe, tier: PriceTier): Promise<string> {
  const existing = await findTierPrice(stripe, tier)
  if (existing && existing.unit_amount === tierUnitAmount(tier)) return existing.id
  const product = await ensureProduct(stripe)
  const price = await stripe.prices.create(
    {
      product,
      currency: BILLING_CURRENCY,
      unit_amount: tierUnitAmount(tier),
      recurring: { interval: 'month' },
      lookup_key: tierLookupKey(tier),
      transfer_lookup_key: existing !== undefined,
      metadata: { pages: String(tier.pages) },
      nickname: `${tier.pages} pages per scan, monthly`,
    },
    { idempotencyKey: `canopy-price-${tierLookupKey(tier)}-${tierUnitAmount(tier)}` },
  )
  return price.id
}

const knownPrices = new WeakMap<Stripe, Map<number, Promise<string>>>()

/** The tier's price id; asked of the provider once per client and tier (a failed ask is asked again). */
export function tierPriceId(stripe: Stripe, tier: PriceTier): Promise<string> {
  let prices = knownPrices.get(stripe)
  if (!prices) {
    prices = new Map()
    knownPrices.set(stripe, prices)
  }
  const cached = prices.get(tier.pages)
  if (cached) return cached
  const asked = ensureTierPrice(stripe, tier)
  prices.set(tier.pages, asked)
  asked.catch(() => prices.delete(tier.pages))
  return asked
}
