import type { AddressInfo } from 'node:net'
import { BILLING_MESSAGES, DEFAULT_SCAN_LIMIT, PRICE_TIERS } from '@canopy/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StripeFake, signStripePayload, startStripeFake } from '../../../tests/fixtures/stripe/server.js'
import { createStripeClient } from '../src/plugins/external/stripe.js'
import { tierPriceId } from '../src/services/billing-catalogue.js'
import { BILLING_NOT_CONFIGURED_MESSAGE, MANAGED_BY_US_MESSAGE } from '../src/services/billing-service.js'
import { createSessionCookie, createTestOrganisation, createTestSite, createTestUser } from './factories.js'
import { buildTestApp, type TestApp } from './helper.js'

const keys = {
  secretKey: 'sk_test_billing_integration',
  publishableKey: 'pk_test_billing_integration',
  webhookSecret: 'whsec_billing_integration',
}

let fake: StripeFake
let billed: TestApp
let unbilled: TestApp

beforeAll(async () => {
  fake = await startStripeFake(keys)
  billed = await buildTestApp({ billing: { ...keys, apiUrl: fake.url } })
  await billed.app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = billed.app.server.address() as AddressInfo
  fake.setWebhookUrl(`http://127.0.0.1:${port}/api/v1/billing/webhook`)
  unbilled = await buildTestApp({ billing: null })
})
afterAll(async () => {
  await billed?.app.close()
  await unbilled?.app.close()
  await fake?.close()
})

/** An organisation with two sites, its administrator, a plain member, a stranger and a staff member. */
async function organisationWithPeople(app = billed.app) {
  const admin = await createTestUser(app.prisma)
  const organisation = await createTestOrganisation(app.prisma, { adminUserId: admin.id })
  const member = await createTestUser(app.prisma)
  await app.prisma.organisationMember.create({ data: { organisationId: organisation.id, userId: member.id } })
  const stranger = await createTestUser(app.prisma)
  const staff = await app.prisma.user.update({
    where: { id: (await createTestUser(app.prisma)).id },
    data: { isStaff: true },
  })
  const sites = [
    await createTestSite(app.prisma, { organisationId: organisation.id }),
    await createTestSite(app.prisma, { organisationId: organisation.id }),
  ]
  return {
    organisation,
    sites,
    adminCookie: await createSessionCookie(app.prisma, admin.id),
    memberCookie: await createSessionCookie(app.prisma, member.id),
    strangerCookie: await createSessionCookie(app.prisma, stranger.id),
    staffCookie: await createSessionCookie(app.prisma, staff.id),
  }
}

type Method = 'GET' | 'POST' | 'DELETE'
const call = (method: Method, url: string, cookie?: string, payload?: object, app = billed.app) =>
  app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) })

async function sitesOf(organisationId: string) {
  return billed.app.prisma.site.findMany({
    where: { organisationId },
    select: { isPaying: true, maximumPageLimitPerScan: true },
  })
}

/** Pays the payment intent as Stripe.js does with a test card: publishable key and client secret. */
async function payWithTestCard(clientSecret: string, paymentMethod = 'pm_card_visa') {
  const intent = clientSecret.split('_secret_')[0]
  const response = await fetch(`${fake.url}/v1/payment_intents/${intent}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys.publishableKey}` },
    body: new URLSearchParams({ payment_method: paymentMethod, client_secret: clientSecret }),
  })
  await fake.settled()
  return response.status
}

const ROUTES: { method: Method; path: string; payload?: object }[] = [
  { method: 'GET', path: 'subscription' },
  { method: 'POST', path: 'subscription', payload: { interval: 'monthly', quantity: 500 } },
  { method: 'DELETE', path: 'subscription' },
  { method: 'POST', path: 'subscription/payment', payload: { interval: 'monthly', quantity: 500 } },
  { method: 'GET', path: 'subscription/payment' },
  { method: 'GET', path: 'invoices' },
]

describe('who may use the billing endpoints', () => {
  it('answers 401 signed out, 404 to a non-member, 403 to a member who is not an administrator', async () => {
    const { organisation, memberCookie, strangerCookie } = await organisationWithPeople()
    for (const route of ROUTES) {
      const url = `/api/v1/organisation/${organisation.id}/${route.path}`
      const label = `${route.method} ${route.path}`
      const signedOut = await call(route.method, url, undefined, route.payload)
      expect({ label, status: signedOut.statusCode }).toEqual({ label, status: 401 })
      const stranger = await call(route.method, url, strangerCookie, route.payload)
      expect({ label, status: stranger.statusCode }).toEqual({ label, status: 404 })
      const member = await call(route.method, url, memberCookie, route.payload)
      expect({ label, status: member.statusCode, body: member.json().message }).toEqual({
        label,
        status: 403,
        body: 'You are not an administrator of this organisation.',
      })
    }
    const after = await billed.app.prisma.organisation.findUniqueOrThrow({ where: { id: organisation.id } })
    expect(after.stripeCustomerId).toBeNull()
    expect(fake.account.subscriptions.size).toBe(0)
  })

  it('answers the administrator and staff; an organisation that does not exist is 404', async () => {
    const { organisation, adminCookie, staffCookie } = await organisationWithPeople()
    for (const cookie of [adminCookie, staffCookie]) {
      const invoices = await call('GET', `/api/v1/organisation/${organisation.id}/invoices`, cookie)
      expect(invoices.statusCode).toBe(200)
      expect(invoices.json()).toEqual([])
      const none = await call('GET', `/api/v1/organisation/${organisation.id}/subscription`, cookie)
      expect(none.statusCode).toBe(404)
      expect(none.json().message).toBe(BILLING_MESSAGES.noSubscription)
    }
    const missing = await call('GET', '/api/v1/organisation/no-such-organisation/invoices', adminCookie)
    expect(missing.statusCode).toBe(404)
  })

  it('answers 400 naming the field for a tier that is not a paid one or another interval', async () => {
    const { organisation, adminCookie } = await organisationWithPeople()
    for (const path of ['subscription', 'subscription/payment']) {
      const url = `/api/v1/organisation/${organisation.id}/${path}`
      const free = await call('POST', url, adminCookie, { interval: 'monthly', quantity: 100 })
      expect(free.statusCode).toBe(400)
      expect(free.json().errors).toEqual({ quantity: BILLING_MESSAGES.paidTierOnly })
      const yearly = await call('POST', url, adminCookie, { interval: 'yearly', quantity: 500 })
      expect(yearly.json().errors).toMatchObject({ interval: BILLING_MESSAGES.salesOnly })
      const text = await call('POST', url, adminCookie, { quantity: 'lots' })
      expect(text.json().errors).toEqual({ quantity: BILLING_MESSAGES.paidTierOnly })
    }
  })
})

describe('billing without a payment provider', () => {
  it('answers 503 saying so, the payment form config says there is no key, and the webhook takes no event', async () => {
    const { organisation, adminCookie } = await organisationWithPeople(unbilled.app)
    const url = `/api/v1/organisation/${organisation.id}/subscription/payment`
    const post = await call('POST', url, adminCookie, { quantity: 500 }, unbilled.app)
    expect(post.statusCode).toBe(503)
    expect(post.json().message).toBe(BILLING_NOT_CONFIGURED_MESSAGE)
    const config = await call('GET', '/api/v1/billing/config', adminCookie, undefined, unbilled.app)
    expect(config.json()).toEqual({ publishableKey: null })
    // No event can be signed with a secret this installation does not have.
    const payload = '{"id":"evt_1","type":"invoice.paid"}'
    const hook = await unbilled.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'stripe-signature': signStripePayload(payload, keys.webhookSecret) },
      payload,
    })
    expect(hook.statusCode).toBe(400)
  })

  it('gives the publishable key to signed-in users only', async () => {
    const { adminCookie } = await organisationWithPeople()
    expect((await call('GET', '/api/v1/billing/config')).statusCode).toBe(401)
    expect((await call('GET', '/api/v1/billing/config', adminCookie)).json()).toEqual({
      publishableKey: keys.publishableKey,
    })
  })
})

const tierOf = (pages: number) => PRICE_TIERS.find((tier) => tier.pages === pages) ?? PRICE_TIERS[0]

describe('paying for pages per scan', () => {
  it('subscribes, pays by card at the provider, and the webhook makes the organisation and its sites paying', async () => {
    const { organisation, adminCookie } = await organisationWithPeople()
    const base = `/api/v1/organisation/${organisation.id}`
    const started = await call('POST', `${base}/subscription/payment`, adminCookie, {
      interval: 'monthly',
      quantity: 1000,
    })
    expect(started.statusCode).toBe(200)
    const { clientSecret, isPaid } = started.json()
    expect(isPaid).toBe(false)
    expect(clientSecret).toMatch(/^pi_\w+_secret_\w+$/)
    expect((await call('GET', `${base}/subscription/payment`, adminCookie)).json()).toEqual({
      clientSecret,
      isPaid: false,
    })
    const waiting = (await call('GET', `${base}/subscription`, adminCookie)).json()
    expect(waiting).toMatchObject({
      status: 'incomplete',
      quantity: 1000,
      billingAmount: 115,
      validTo: null,
      isPaying: false,
    })
    expect(await sitesOf(organisation.id)).toEqual([
      { isPaying: false, maximumPageLimitPerScan: DEFAULT_SCAN_LIMIT },
      { isPaying: false, maximumPageLimitPerScan: DEFAULT_SCAN_LIMIT },
    ])
    const stored = await billed.app.prisma.organisation.findUniqueOrThrow({ where: { id: organisation.id } })
    expect(stored.stripeCustomerId).toMatch(/^cus_/)

    expect(await payWithTestCard(clientSecret)).toBe(200)
    const paying = (await call('GET', `${base}/subscription`, adminCookie)).json()
    expect(paying).toMatchObject({
      status: 'active',
      quantity: 1000,
      billingAmount: 115,
      isPaying: true,
      providerManaged: true,
    })
    expect(new Date(paying.validTo).getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000)
    expect(await sitesOf(organisation.id)).toEqual([
      { isPaying: true, maximumPageLimitPerScan: 1000 },
      { isPaying: true, maximumPageLimitPerScan: 1000 },
    ])
    const after = await billed.app.prisma.organisation.findUniqueOrThrow({ where: { id: organisation.id } })
    expect(after.subType).toBe('plus')
    expect((await call('GET', `${base}/subscription/payment`, adminCookie)).json()).toEqual({
      clientSecret: null,
      isPaid: true,
    })
    const invoices = (await call('GET', `${base}/invoices`, adminCookie)).json()
    expect(invoices).toEqual([
      expect.objectContaining({ status: 'paid', amountDue: 115, amountPaid: 115, currency: 'gbp' }),
    ])
  })

  it('moves a paying organisation to another tier once the change is paid, and cancelling makes it free', async () => {
    const { organisation, adminCookie } = await organisationWithPeople()
    const base = `/api/v1/organisation/${organisation.id}`
    const first = await call('POST', `${base}/subscription/payment`, adminCookie, { quantity: 500 })
    await payWithTestCard(first.json().clientSecret)
    const change = await call('POST', `${base}/subscription/payment`, adminCookie, { quantity: 2500 })
    expect(change.json()).toMatchObject({ isPaid: false, clientSecret: expect.stringMatching(/^pi_/) })
    expect(change.json().clientSecret).not.toBe(first.json().clientSecret)
    // Until the change is paid the tier paid for stays.
    expect(await sitesOf(organisation.id)).toEqual([
      { isPaying: true, maximumPageLimitPerScan: 500 },
      { isPaying: true, maximumPageLimitPerScan: 500 },
    ])
    expect(await payWithTestCard(change.json().clientSecret, 'pm_card_chargeDeclined')).toBe(402)
    expect((await sitesOf(organisation.id))[0]).toEqual({ isPaying: true, maximumPageLimitPerScan: 500 })
    await payWithTestCard(change.json().clientSecret)
    expect((await call('GET', `${base}/subscription`, adminCookie)).json()).toMatchObject({
      status: 'active',
      quantity: 2500,
      billingAmount: 205,
    })
    expect((await sitesOf(organisation.id))[0]).toEqual({ isPaying: true, maximumPageLimitPerScan: 2500 })

    const cancelled = await call('DELETE', `${base}/subscription`, adminCookie)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({ status: 'canceled', isPaying: false })
    await fake.settled()
    expect(await sitesOf(organisation.id)).toEqual([
      { isPaying: false, maximumPageLimitPerScan: DEFAULT_SCAN_LIMIT },
      { isPaying: false, maximumPageLimitPerScan: DEFAULT_SCAN_LIMIT },
    ])
    const after = await billed.app.prisma.organisation.findUniqueOrThrow({ where: { id: organisation.id } })
    expect(after.subType).toBe('free')
    const stripeId = (
      await billed.app.prisma.subscription.findUniqueOrThrow({ where: { organisationId: organisation.id } })
    ).stripeSubscriptionId
    expect(fake.account.subscription(stripeId ?? '').status).toBe('canceled')
    expect((await call('DELETE', `${base}/subscription`, adminCookie)).statusCode).toBe(404)
  })

  it('a site added to a paying organisation is paying from the start', async () => {
    const { organisation, adminCookie } = await organisationWithPeople()
    const started = await call(
      'POST',
      `/api/v1/organisation/${organisation.id}/subscription/payment`,
      adminCookie,
      {
        quantity: 5000,
      },
    )
    await payWithTestCard(started.json().clientSecret)
    const created = await call('POST', '/api/v1/sites', adminCookie, {
      siteName: 'Added later',
      rootUri: 'https://added-later.example.test/',
      organisationId: organisation.id,
    })
    expect(created.statusCode).toBe(201)
    const site = await billed.app.prisma.site.findFirstOrThrow({
      where: { organisationId: organisation.id, siteName: 'Added later' },
    })
    expect(site).toMatchObject({ isPaying: true, maximumPageLimitPerScan: 5000 })
  })

  it('leaves a subscription arranged with our team alone: no card subscription over it, no cancelling', async () => {
    const { organisation, sites, adminCookie } = await organisationWithPeople()
    await billed.app.prisma.subscription.create({
      data: {
        organisationId: organisation.id,
        status: 'active',
        scanLimit: 7500,
        billingAmount: '455.00',
        providerManaged: false,
      },
    })
    const base = `/api/v1/organisation/${organisation.id}`
    for (const [method, path, payload] of [
      ['POST', 'subscription', { quantity: 500 }],
      ['POST', 'subscription/payment', { quantity: 500 }],
      ['DELETE', 'subscription', undefined],
    ] as const) {
      const answer = await call(method, `${base}/${path}`, adminCookie, payload)
      expect({ path, method, status: answer.statusCode }).toEqual({ path, method, status: 409 })
      expect(answer.json().message).toBe(MANAGED_BY_US_MESSAGE)
    }
    expect((await call('GET', `${base}/subscription`, adminCookie)).json()).toMatchObject({
      status: 'active',
      quantity: 7500,
      providerManaged: false,
      isPaying: true,
    })
    const untouched = await billed.app.prisma.site.findUniqueOrThrow({ where: { id: sites[0]?.id ?? '' } })
    expect(untouched.isPaying).toBe(false)
  })

  it('makes the customer and the subscription again when the provider no longer has them', async () => {
    const { organisation, adminCookie } = await organisationWithPeople()
    const url = `/api/v1/organisation/${organisation.id}/subscription/payment`
    await call('POST', url, adminCookie, { quantity: 500 })
    const before = await billed.app.prisma.organisation.findUniqueOrThrow({
      where: { id: organisation.id },
      include: { subscription: true },
    })
    fake.account.customers.delete(before.stripeCustomerId ?? '')
    fake.account.subscriptions.delete(before.subscription?.stripeSubscriptionId ?? '')
    const again = await call('POST', url, adminCookie, { quantity: 500 })
    expect(again.statusCode).toBe(200)
    expect(again.json().clientSecret).toMatch(/^pi_/)
    const after = await billed.app.prisma.organisation.findUniqueOrThrow({ where: { id: organisation.id } })
    expect(after.stripeCustomerId).not.toBe(before.stripeCustomerId)
    expect(fake.account.customers.has(after.stripeCustomerId ?? '')).toBe(true)
  })

  it('makes the Canopy product and each tier’s price once, found again by lookup key by a new client', async () => {
    const tier = tierOf(1000)
    const again = await tierPriceId(createStripeClient({ ...keys, apiUrl: fake.url }), tier)
    const prices = [...fake.account.prices.values()].filter(
      (price) => price.lookup_key === 'canopy_pages_1000_monthly',
    )
    expect(prices.map((price) => price.id)).toEqual([again])
    expect(prices[0]).toMatchObject({ unit_amount: 11500, currency: 'gbp', recurring: { interval: 'month' } })
    expect([...fake.account.products.keys()]).toEqual(['canopy_pages_per_scan'])
  })
})

describe('POST /api/v1/billing/webhook', () => {
  const post = (payload: string, signature?: string) =>
    billed.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    })

  /** A paid organisation and the invoice.paid event that made it so. */
  async function paidOrganisation() {
    const context = await organisationWithPeople()
    const started = await call(
      'POST',
      `/api/v1/organisation/${context.organisation.id}/subscription/payment`,
      context.adminCookie,
      {
        quantity: 500,
      },
    )
    await payWithTestCard(started.json().clientSecret)
    const customer = (
      await billed.app.prisma.organisation.findUniqueOrThrow({ where: { id: context.organisation.id } })
    ).stripeCustomerId
    const event = fake.events.find(
      (candidate) =>
        candidate.type === 'invoice.paid' && JSON.parse(candidate.payload).data.object.customer === customer,
    )
    if (!event) throw new Error('the fake sent no invoice.paid event')
    return { ...context, event }
  }

  /** The organisation back to unpaid in our records only, as if the event had never come. */
  async function forgetPayment(organisationId: string) {
    await billed.app.prisma.subscription.update({ where: { organisationId }, data: { status: 'incomplete' } })
    await billed.app.prisma.site.updateMany({ where: { organisationId }, data: { isPaying: false } })
  }

  it('every event the provider sent was accepted', async () => {
    await paidOrganisation()
    expect(fake.events.length).toBeGreaterThan(0)
    expect(fake.events.filter((event) => event.deliveryStatus !== 200)).toEqual([])
  })

  it('refuses with 400 an event without a signature, with a wrong one, or signed too long ago; nothing changes', async () => {
    const { organisation, event } = await paidOrganisation()
    await forgetPayment(organisation.id)
    const fresh = event.payload.replace(event.id, `${event.id}_other`)
    const wrongSecret = signStripePayload(fresh, 'whsec_not_ours')
    const stale = signStripePayload(fresh, keys.webhookSecret, Math.floor(Date.now() / 1000) - 600)
    const valid = signStripePayload(fresh, keys.webhookSecret)
    const tampered = `${valid.slice(0, -1)}${valid.endsWith('0') ? '1' : '0'}`
    for (const [label, signature] of [
      ['none', undefined],
      ['wrong secret', wrongSecret],
      ['stale', stale],
      ['tampered', tampered],
    ] as const) {
      const answer = await post(fresh, signature)
      expect({ label, status: answer.statusCode }).toEqual({ label, status: 400 })
      expect(answer.json().errors).toHaveProperty('stripe-signature')
    }
    expect(await billed.app.prisma.processedBillingEvent.count({ where: { id: `${event.id}_other` } })).toBe(
      0,
    )
    expect((await sitesOf(organisation.id))[0]?.isPaying).toBe(false)
  })

  it('a replayed event id changes nothing and answers 200; the same event under a new id is applied', async () => {
    const { organisation, event } = await paidOrganisation()
    await forgetPayment(organisation.id)
    const replay = await post(event.payload, signStripePayload(event.payload, keys.webhookSecret))
    expect(replay.statusCode).toBe(200)
    expect((await sitesOf(organisation.id))[0]?.isPaying).toBe(false)
    const resent = await (
      await fetch(`${fake.url}/__fake/events/${event.id}/resend`, { method: 'POST' })
    ).json()
    expect(resent).toEqual({ deliveryStatus: 200 })
    expect((await sitesOf(organisation.id))[0]?.isPaying).toBe(false)
    const renamed = event.payload.replace(event.id, `${event.id}_new`)
    expect((await post(renamed, signStripePayload(renamed, keys.webhookSecret))).statusCode).toBe(200)
    expect((await sitesOf(organisation.id))[0]).toEqual({ isPaying: true, maximumPageLimitPerScan: 500 })
  })

  it('news of a subscription replaced before it was paid does not overwrite the current one', async () => {
    const { organisation, adminCookie } = await organisationWithPeople()
    const url = `/api/v1/organisation/${organisation.id}/subscription/payment`
    await call('POST', url, adminCookie, { quantity: 500 })
    const replaced = (
      await billed.app.prisma.subscription.findUniqueOrThrow({ where: { organisationId: organisation.id } })
    ).stripeSubscriptionId
    await call('POST', url, adminCookie, { quantity: 1000 })
    await fake.settled()
    const deleted = fake.events.find(
      (event) =>
        event.type === 'customer.subscription.deleted' &&
        JSON.parse(event.payload).data.object.id === replaced,
    )
    if (!deleted)
      throw new Error('the fake sent no customer.subscription.deleted for the replaced subscription')
    const late = deleted.payload.replace(deleted.id, `${deleted.id}_late`)
    expect((await post(late, signStripePayload(late, keys.webhookSecret))).statusCode).toBe(200)
    const current = await billed.app.prisma.subscription.findUniqueOrThrow({
      where: { organisationId: organisation.id },
    })
    expect(current).toMatchObject({ status: 'incomplete', scanLimit: 1000 })
    expect(current.stripeSubscriptionId).not.toBe(replaced)
  })

  it('acknowledges and records an event of a kind it does not act on', async () => {
    const other = JSON.stringify({
      id: 'evt_unhandled_kind',
      object: 'event',
      type: 'charge.refunded',
      data: { object: {} },
    })
    expect((await post(other, signStripePayload(other, keys.webhookSecret))).statusCode).toBe(200)
    expect(await billed.app.prisma.processedBillingEvent.count({ where: { id: 'evt_unhandled_kind' } })).toBe(
      1,
    )
  })
})
