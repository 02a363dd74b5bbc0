import { type AlertInput, StaffAlertListSchema, StaffAlertSchema } from '@canopy/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'

const ALERTS_KEY = ['staff', 'alerts'] as const

export const useStaffAlerts = () =>
  useQuery({
    queryKey: ALERTS_KEY,
    queryFn: ({ signal }) => requestApi('/api/v1/staff/alerts', { schema: StaffAlertListSchema, signal }),
  })

/** The form's text fields as typed; empty optional fields are sent as null. */
export type AlertDraft = Omit<AlertInput, 'siteSlug' | 'publishedAt' | 'expiresAt'> & {
  siteSlug: string
  publishedAt: string
  expiresAt: string
}

type AlertChange =
  | { kind: 'save'; alertId: string | null; alert: AlertDraft }
  | { kind: 'expire' | 'delete'; alertId: string }

/** datetime-local values are local times: the API takes ISO 8601 with an offset. */
const toIso = (value: string) => (value ? new Date(value).toISOString() : undefined)

function send(change: AlertChange) {
  if (change.kind === 'delete') {
    return requestApi(`/api/v1/staff/alerts/${change.alertId}`, { method: 'DELETE' })
  }
  if (change.kind !== 'save') {
    return requestApi(`/api/v1/staff/alerts/${change.alertId}/expire`, {
      method: 'POST',
      schema: StaffAlertSchema,
    })
  }
  const { alert } = change
  const body = {
    ...alert,
    siteSlug: alert.siteSlug || null,
    publishedAt: toIso(alert.publishedAt),
    expiresAt: toIso(alert.expiresAt) ?? null,
  }
  return change.alertId
    ? requestApi(`/api/v1/staff/alerts/${change.alertId}`, { method: 'PUT', body, schema: StaffAlertSchema })
    : requestApi('/api/v1/staff/alerts', { method: 'POST', body, schema: StaffAlertSchema })
}

export function useChangeAlert() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'alerts'] }),
  })
}
