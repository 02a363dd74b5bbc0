import { expect } from '@playwright/test'

/**
 * The Stripe fake the API under test bills through (tests/fixtures/stripe): ./scripts/test passes its
 * STRIPE_FAKE_URL and the publishable key to Playwright; by hand, ./scripts/start's fake and demo key.
 */
export const STRIPE_FAKE_URL = process.env.STRIPE_FAKE_URL ?? 'http://127.0.0.1:8094'
const PUBLISHABLE_KEY = process.env.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_canopy_local_demo'

/** Waits until the fake has delivered every event so far to the API's webhook. */
async function waitForWebhooks() {
  await expect
    .poll(
      async () => {
        const events = (await (await fetch(`${STRIPE_FAKE_URL}/__fake/events`)).json()) as {
          deliveryStatus: number | null
        }[]
        return events.filter((event) => event.deliveryStatus === null).length
      },
      { message: `the Stripe fake at ${STRIPE_FAKE_URL} delivering its events`, timeout: 15_000 },
    )
    .toBe(0)
}

/**
 * Pays the payment intent behind `clientSecret` as the payment form would with Stripe's test card (Stripe.js
 * itself cannot load offline): confirms it at the fake with the publishable key, the client secret and
 * pm_card_visa, then waits until the resulting events (invoice.paid, customer.subscription.updated) have
 * reached the API, so the organisation is paying when this returns.
 */
export async function confirmTestPayment(clientSecret: string): Promise<void> {
  const intent = clientSecret.split('_secret_')[0]
  const response = await fetch(`${STRIPE_FAKE_URL}/v1/payment_intents/${intent}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${PUBLISHABLE_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ payment_method: 'pm_card_visa', client_secret: clientSecret }),
  })
  const body = (await response.json()) as { status?: string; error?: { message: string } }
  expect(body.error?.message ?? body.status, 'the payment intent confirmed at the Stripe fake').toBe(
    'succeeded',
  )
  await waitForWebhooks()
}
