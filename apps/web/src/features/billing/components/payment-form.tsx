import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { type FormEvent, useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { InlineAlert, PageLoader } from '@/components/ui/notice'
import { useBillingConfig } from '../api/subscription'
import { BILLING_TEXT } from '../labels'
import styles from './billing.module.css'

const TEXT = BILLING_TEXT

type StripeLoad = { state: 'loading' } | { state: 'ready'; stripe: Stripe } | { state: 'failed' }

/**
 * Stripe.js comes from Stripe's own servers (it may not be bundled or hosted elsewhere). It is fetched only
 * when a payment form opens; without a publishable key, offline, or when it is blocked, the form says it
 * has not loaded.
 */
function useStripeJs(publishableKey: string | null | undefined): StripeLoad {
  const [load, setLoad] = useState<StripeLoad>({ state: 'loading' })
  useEffect(() => {
    if (publishableKey === undefined) return
    if (publishableKey === null) return setLoad({ state: 'failed' })
    let current = true
    loadStripe(publishableKey).then(
      (stripe) => current && setLoad(stripe ? { state: 'ready', stripe } : { state: 'failed' }),
      () => current && setLoad({ state: 'failed' }),
    )
    return () => {
      current = false
    }
  }, [publishableKey])
  return load
}

/** The card form: Stripe confirms the payment; its own message shows when it refuses. */
function CardPayment({ amount, onConfirmed }: { amount: string; onConfirmed: () => void }) {
  const stripe = useStripe()
  const elements = useElements()
  const [error, setError] = useState<string | null>(null)
  const [isPaying, setPaying] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!stripe || !elements) return
    setPaying(true)
    setError(null)
    const result = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    })
    setPaying(false)
    if (result.error) setError(result.error.message ?? TEXT.somethingWentWrong)
    else onConfirmed()
  }
  return (
    <form className={styles.paymentForm} onSubmit={submit} noValidate>
      <PaymentElement onLoadError={(event) => setError(event.error.message ?? TEXT.paymentFormFailed)} />
      {error ? <InlineAlert>{error}</InlineAlert> : null}
      <div className={styles.actions}>
        <Button type="submit" isDisabled={!stripe || !elements || isPaying}>
          {isPaying ? TEXT.paying : TEXT.pay(amount)}
        </Button>
      </div>
    </form>
  )
}

/** The payment of a subscription whose payment intent has this client secret. */
export function PaymentForm({
  clientSecret,
  amount,
  onConfirmed,
}: {
  clientSecret: string
  amount: string
  onConfirmed: () => void
}) {
  const config = useBillingConfig()
  const publishableKey = config.isError ? null : config.data?.publishableKey
  const stripeJs = useStripeJs(publishableKey)
  if (stripeJs.state === 'failed') return <InlineAlert>{TEXT.paymentFormFailed}</InlineAlert>
  if (stripeJs.state === 'loading') return <PageLoader label={TEXT.paymentLoading} />
  return (
    <Elements stripe={stripeJs.stripe} options={{ clientSecret }}>
      <CardPayment amount={amount} onConfirmed={onConfirmed} />
    </Elements>
  )
}
