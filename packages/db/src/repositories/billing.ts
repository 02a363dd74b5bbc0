import { DEFAULT_SCAN_LIMIT } from '@canopy/contracts'
import type { OrganisationSubType, SubscriptionStatus } from '../generated/prisma/client.js'
import { type DbClient, runInTransaction } from './db-client.js'

/** The organisation as billing needs it, with `userId`'s membership (empty when not a member). */
export function findOrganisationForBilling(
  db: DbClient,
  { organisationId, userId }: { organisationId: string; userId: string },
) {
  return db.organisation.findUnique({
    where: { id: organisationId },
    select: {
      id: true,
      name: true,
      emailAddress: true,
      stripeCustomerId: true,
      subscription: true,
      members: { where: { userId }, select: { isAdministrator: true } },
    },
  })
}

export type BillingOrganisation = NonNullable<Awaited<ReturnType<typeof findOrganisationForBilling>>>

export function setOrganisationStripeCustomer(db: DbClient, organisationId: string, customerId: string) {
  return db.organisation.update({ where: { id: organisationId }, data: { stripeCustomerId: customerId } })
}

export function findOrganisationByStripeCustomer(db: DbClient, customerId: string) {
  return db.organisation.findUnique({
    where: { stripeCustomerId: customerId },
    select: { id: true },
  })
}

/** What the payment provider says about an organisation's subscription. */
export interface ProviderSubscriptionState {
  stripeSubscriptionId: string
  status: SubscriptionStatus
  /** pages per scan bought */
  scanLimit: number
  /** units of the tier's price bought (1) */
  quantity: number
  /** pounds per billing period */
  billingAmount: number
  /** the end of the period paid for; null before the first payment */
  validTo: Date | null
}

export function saveProviderSubscription(
  db: DbClient,
  organisationId: string,
  state: ProviderSubscriptionState,
) {
  const data = { ...state, type: 'monthly', billingPeriod: 'monthly', providerManaged: true }
  return db.subscription.upsert({
    where: { organisationId },
    create: { organisationId, ...data },
    update: data,
  })
}

/**
 * Saves the provider's state only while it is about the organisation's current subscription (or it has
 * none yet): one statement, so a late event about a subscription replaced meanwhile cannot overwrite the
 * new one. Answers whether it saved.
 */
export async function saveProviderSubscriptionIfCurrent(
  db: DbClient,
  organisationId: string,
  state: ProviderSubscriptionState,
): Promise<boolean> {
  const data = { ...state, type: 'monthly', billingPeriod: 'monthly', providerManaged: true }
  const updated = await db.subscription.updateMany({
    where: {
      organisationId,
      OR: [{ stripeSubscriptionId: null }, { stripeSubscriptionId: state.stripeSubscriptionId }],
    },
    data,
  })
  if (updated.count > 0) return true
  const created = await db.subscription.createMany({
    data: [{ organisationId, ...data }],
    skipDuplicates: true,
  })
  return created.count > 0
}

interface SubscriptionFacts {
  status: SubscriptionStatus
  scanLimit: number
}

export interface OrganisationBillingState {
  subType: OrganisationSubType
  /** every site of the organisation: whether it gets the paid features */
  isPaying: boolean
  /** every site of the organisation: the most pages one scan may take */
  maximumPageLimitPerScan: number
}

/**
 * What derives from an organisation's subscription, the one rule for it: while the subscription is active
 * (paid for the current period; the provider moves it to past_due or canceled when a renewal is not paid)
 * the organisation is on the plus plan and each of its sites is paying, with the pages per scan bought as
 * its maximum per scan. Without a subscription, or with one in any other state, the organisation is free
 * and its sites are not paying, with DEFAULT_SCAN_LIMIT pages per scan. Site.isPaying is never set
 * anywhere else.
 */
export function billingStateOf(subscription: SubscriptionFacts | null): OrganisationBillingState {
  if (subscription?.status === 'active') {
    return { subType: 'plus', isPaying: true, maximumPageLimitPerScan: subscription.scanLimit }
  }
  return { subType: 'free', isPaying: false, maximumPageLimitPerScan: DEFAULT_SCAN_LIMIT }
}

/**
 * Applies billingStateOf(the organisation's stored subscription) to the organisation and all its sites (or
 * only `onlySiteId`, a site just added to it), in one transaction. Called after every change of a
 * subscription, and for a site added to an organisation.
 */
export function applySubscriptionToOrganisation(db: DbClient, organisationId: string, onlySiteId?: string) {
  return runInTransaction(db, async (tx) => {
    const subscription = await tx.subscription.findUnique({
      where: { organisationId },
      select: { status: true, scanLimit: true },
    })
    const state = billingStateOf(subscription)
    await tx.organisation.update({ where: { id: organisationId }, data: { subType: state.subType } })
    await tx.site.updateMany({
      where: { organisationId, ...(onlySiteId ? { id: onlySiteId } : {}) },
      data: { isPaying: state.isPaying, maximumPageLimitPerScan: state.maximumPageLimitPerScan },
    })
    return state
  })
}

/**
 * Runs `work` once per provider event id: the id is recorded in the same transaction as the work, so a
 * replayed (or concurrently redelivered) event finds it and does nothing. Answers whether the work ran.
 */
export function processBillingEventOnce(
  db: DbClient,
  event: { id: string; type: string },
  work: (tx: DbClient) => Promise<void>,
): Promise<boolean> {
  return runInTransaction(db, async (tx) => {
    const recorded = await tx.processedBillingEvent.createMany({
      data: [{ id: event.id, type: event.type }],
      skipDuplicates: true,
    })
    if (recorded.count === 0) return false
    await work(tx)
    return true
  })
}
