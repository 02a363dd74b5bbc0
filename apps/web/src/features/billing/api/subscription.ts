import {
  BillingConfigSchema,
  InvoicesSchema,
  type SubscriptionPayment,
  SubscriptionPaymentSchema,
  type SubscriptionRequest,
  SubscriptionSchema,
} from '@canopy/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { isApiError, requestApi } from '@/lib/api-client'
import { organisationQueryKeys } from './organisations'

const billingApi = (organisationId: string) => `/api/v1/organisation/${encodeURIComponent(organisationId)}`

export const billingQueryKeys = {
  all: (organisationId: string) => ['billing', organisationId] as const,
  subscription: (organisationId: string) =>
    [...billingQueryKeys.all(organisationId), 'subscription'] as const,
  payment: (organisationId: string) => [...billingQueryKeys.all(organisationId), 'payment'] as const,
  invoices: (organisationId: string) => [...billingQueryKeys.all(organisationId), 'invoices'] as const,
}

/** How often an unpaid payment is asked about, until the payment provider tells the API it is paid. */
const PAYMENT_POLL_MS = 3000

/**
 * GET …/subscription: the current subscription, null when the organisation never subscribed (404). With
 * `untilPaying` it is asked again every few seconds until our records say its sites get the paid features
 * (the provider's webhook has arrived).
 */
export function useSubscription(organisationId: string, { untilPaying = false } = {}) {
  return useQuery({
    queryKey: billingQueryKeys.subscription(organisationId),
    queryFn: async ({ signal }) => {
      try {
        return await requestApi(`${billingApi(organisationId)}/subscription`, {
          schema: SubscriptionSchema,
          signal,
        })
      } catch (error) {
        if (isApiError(error, 404)) return null
        throw error
      }
    },
    refetchInterval: (query) => (untilPaying && !query.state.data?.isPaying ? PAYMENT_POLL_MS : false),
  })
}

/** GET /api/v1/billing/config: the payment provider's publishable key (null: billing is not set up here). */
export function useBillingConfig() {
  return useQuery({
    queryKey: ['billing', 'config'],
    queryFn: ({ signal }) => requestApi('/api/v1/billing/config', { schema: BillingConfigSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** GET …/invoices: newest first. */
export function useInvoices(organisationId: string) {
  return useQuery({
    queryKey: billingQueryKeys.invoices(organisationId),
    queryFn: ({ signal }) =>
      requestApi(`${billingApi(organisationId)}/invoices`, { schema: InvoicesSchema, signal }),
    retry: false,
  })
}

/**
 * Once a subscription is paying it changes what every site of the organisation may do: its usage limits,
 * its invoices and each site's premium flag (isPaying) are read again.
 */
export function useRefreshAfterPayment(organisationId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billingQueryKeys.invoices(organisationId) }),
      queryClient.invalidateQueries({ queryKey: organisationQueryKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['sites'] }),
    ])
}

/** POST …/subscription/payment: subscribes to (or changes to) the tier; answers the payment to make. */
export function useStartPayment(organisationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SubscriptionRequest) =>
      requestApi(`${billingApi(organisationId)}/subscription/payment`, {
        method: 'POST',
        body,
        schema: SubscriptionPaymentSchema,
      }),
    onSuccess: async (payment: SubscriptionPayment) => {
      queryClient.setQueryData(billingQueryKeys.payment(organisationId), payment)
      await queryClient.invalidateQueries({ queryKey: billingQueryKeys.subscription(organisationId) })
    },
  })
}

/**
 * GET …/subscription/payment, asked again every few seconds while a payment started here is unpaid (it is
 * confirmed in the provider's form, or elsewhere); once paid, the subscription is read again.
 */
export function usePaymentStatus(organisationId: string, isWaiting: boolean) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: billingQueryKeys.payment(organisationId),
    queryFn: async ({ signal }) => {
      const payment = await requestApi(`${billingApi(organisationId)}/subscription/payment`, {
        schema: SubscriptionPaymentSchema,
        signal,
      })
      if (payment.isPaid)
        await queryClient.invalidateQueries({ queryKey: billingQueryKeys.subscription(organisationId) })
      return payment
    },
    enabled: isWaiting,
    refetchInterval: (query) => (query.state.data?.isPaid ? false : PAYMENT_POLL_MS),
  })
}
