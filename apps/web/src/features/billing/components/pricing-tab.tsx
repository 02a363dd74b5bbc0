import type { Organisation, Subscription } from '@canopy/contracts'
import { DEFAULT_SCAN_LIMIT } from '@canopy/contracts'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { InlineAlert, PageLoader } from '@/components/ui/notice'
import { Slider } from '@/components/ui/slider'
import { showToast } from '@/components/ui/toast'
import { formatDate } from '@/lib/format-values'
import {
  usePaymentStatus,
  useRefreshAfterPayment,
  useStartPayment,
  useSubscription,
} from '../api/subscription'
import { BILLING_TEXT, describeTier, formatPounds, PAID_TIERS, pagesPerScan, STATUS_LABELS } from '../labels'
import styles from './billing.module.css'
import { InvoicesSection } from './invoices-section'
import { PaymentForm } from './payment-form'

const TEXT = BILLING_TEXT

/** A subscription the user can change here: paid by card through the provider and still running. */
const isProviderSubscription = (subscription: Subscription | null) =>
  subscription?.providerManaged === true &&
  (subscription.status === 'active' || subscription.status === 'past_due')

/** Billed some other way (an agreement with sales): changed through support, not here. */
const isManagedElsewhere = (subscription: Subscription | null) =>
  subscription?.providerManaged === false && subscription.status === 'active'

function CurrentSubscription({ subscription }: { subscription: Subscription | null }) {
  return (
    <section className={styles.section} aria-labelledby="current-subscription-heading">
      <h2 id="current-subscription-heading">{TEXT.currentSubscription}</h2>
      {subscription ? (
        <p>
          {`${pagesPerScan(subscription.quantity)}, ${formatPounds(subscription.billingAmount)} per month: ${STATUS_LABELS[subscription.status]}`}
          {subscription.validTo ? `. ${TEXT.paidUntil(formatDate(subscription.validTo))}` : null}
        </p>
      ) : (
        <p>{TEXT.freePlan(DEFAULT_SCAN_LIMIT)}</p>
      )}
      {isManagedElsewhere(subscription) ? <InlineAlert>{TEXT.contactSupport}</InlineAlert> : null}
    </section>
  )
}

const tierIndexOf = (subscription: Subscription | null) =>
  Math.max(
    0,
    PAID_TIERS.findIndex((tier) => tier.pages === subscription?.quantity),
  )

/**
 * Says once that the payment went through; once our records have the subscription paying too (the
 * provider's webhook arrived), what depends on it is read again: usage, invoices, the sites' premium flag.
 */
function useAfterPayment(organisationId: string, isPaid: boolean) {
  const subscription = useSubscription(organisationId, { untilPaying: isPaid })
  const refresh = useRefreshAfterPayment(organisationId)
  const isPaying = isPaid && subscription.data?.isPaying === true
  const told = useRef(false)
  const refreshed = useRef(false)
  useEffect(() => {
    if (!isPaid || told.current) return
    told.current = true
    showToast(TEXT.paymentSuccessful)
  }, [isPaid])
  useEffect(() => {
    if (!isPaying || refreshed.current) return
    refreshed.current = true
    void refresh()
  }, [isPaying, refresh])
}

function Checkout({
  organisation,
  subscription,
}: {
  organisation: Organisation
  subscription: Subscription | null
}) {
  const organisationId = organisation.sys.id
  const [tierIndex, setTierIndex] = useState(() => tierIndexOf(subscription))
  // A payment begun earlier and not finished is taken up again (its form shows).
  const [started, setStarted] = useState(subscription?.status === 'incomplete')
  const start = useStartPayment(organisationId)
  const payment = usePaymentStatus(organisationId, started)
  const isPaid = started && payment.data?.isPaid === true
  useAfterPayment(organisationId, isPaid)
  const tier = PAID_TIERS[tierIndex] ?? PAID_TIERS[0]
  if (!tier) return null
  const begin = async () => {
    await start.mutateAsync({ interval: 'monthly', quantity: tier.pages })
    setStarted(true)
  }
  const clientSecret = started && !isPaid ? payment.data?.clientSecret : null
  return (
    <section className={styles.section} aria-labelledby="pricing-heading">
      <h2 id="pricing-heading">{TEXT.tabs.pricing}</h2>
      <Slider
        label={TEXT.chooseTier}
        value={tierIndex}
        steps={PAID_TIERS.length}
        onChange={setTierIndex}
        valueText={(index) => describeTier(PAID_TIERS[index] ?? tier)}
        isDisabled={start.isPending || Boolean(clientSecret)}
      />
      <p className={styles.muted}>
        {TEXT.currency} {TEXT.salesOnly}
      </p>
      <div className={styles.actions}>
        <Button
          onPress={() => void begin().catch(() => undefined)}
          isDisabled={start.isPending || Boolean(clientSecret)}
        >
          {start.isPending
            ? TEXT.starting
            : isProviderSubscription(subscription)
              ? TEXT.updateSubscription
              : TEXT.createSubscription}
        </Button>
      </div>
      {start.isError ? <InlineAlert>{start.error.message || TEXT.somethingWentWrong}</InlineAlert> : null}
      {isPaid ? (
        <p role="status" className={styles.success}>
          {TEXT.paymentProcessed}
        </p>
      ) : null}
      {clientSecret ? (
        <div className={styles.section}>
          <h3>{TEXT.paymentHeading}</h3>
          <PaymentForm
            clientSecret={clientSecret}
            amount={formatPounds(tier.monthlyPounds)}
            onConfirmed={() => payment.refetch()}
          />
          <p className={styles.muted} role="status">
            {TEXT.awaitingConfirmation}
          </p>
        </div>
      ) : null}
    </section>
  )
}

/** The Pricing tab: the current subscription, the tier slider and its payment, and the invoices. */
export function PricingTab({ organisation }: { organisation: Organisation }) {
  const subscription = useSubscription(organisation.sys.id)
  if (subscription.isPending) return <PageLoader />
  if (subscription.isError) return <InlineAlert>{TEXT.somethingWentWrong}</InlineAlert>
  return (
    <div>
      <CurrentSubscription subscription={subscription.data} />
      {isManagedElsewhere(subscription.data) ? null : (
        <Checkout organisation={organisation} subscription={subscription.data} />
      )}
      <InvoicesSection organisationId={organisation.sys.id} />
    </div>
  )
}
