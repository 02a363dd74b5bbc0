import {
  Ga4SettingsSchema,
  JiraConnectionTestSchema,
  JiraSettingsSchema,
  type UpdateGa4SettingsRequest,
  type UpdateJiraSettingsRequest,
} from '@canopy/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'

const integrationsPath = (siteSlug: string) => `/api/v1/sites/${encodeURIComponent(siteSlug)}/integrations`
const settingsKey = (siteSlug: string, kind: 'jira' | 'ga4') =>
  ['sites', 'integrations', siteSlug, kind] as const
/** The site's analytics reports (the analytics screens' cache), read again once the connection changes. */
const analyticsReportsKey = (siteSlug: string) => ['analytics', siteSlug] as const

/** GET /integrations/jira/settings: the issue tracker's settings (whether a token is stored, never the token). */
export function useJiraSettings(siteSlug: string) {
  return useQuery({
    queryKey: settingsKey(siteSlug, 'jira'),
    queryFn: ({ signal }) =>
      requestApi(`${integrationsPath(siteSlug)}/jira/settings`, { schema: JiraSettingsSchema, signal }),
    staleTime: STALE_TIME.documents,
  })
}

/** POST /integrations/jira/settings; the site's config (jiraIntegration.enabled) is read again after it. */
export function useUpdateJiraSettings(siteSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateJiraSettingsRequest) =>
      requestApi(`${integrationsPath(siteSlug)}/jira/settings`, {
        method: 'POST',
        body,
        schema: JiraSettingsSchema,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKey(siteSlug, 'jira'), saved)
      await queryClient.invalidateQueries({ queryKey: ['sites', 'detail', siteSlug] })
    },
  })
}

/** POST /integrations/jira/settings/test: signs in to the tracker with the form's values. */
export function useTestJiraSettings(siteSlug: string) {
  return useMutation({
    mutationFn: (body: UpdateJiraSettingsRequest) =>
      requestApi(`${integrationsPath(siteSlug)}/jira/settings/test`, {
        method: 'POST',
        body,
        schema: JiraConnectionTestSchema,
      }),
  })
}

/** GET /integrations/ga4/settings: web analytics' property and whether an account is connected. */
export function useGa4Settings(siteSlug: string) {
  return useQuery({
    queryKey: settingsKey(siteSlug, 'ga4'),
    queryFn: ({ signal }) =>
      requestApi(`${integrationsPath(siteSlug)}/ga4/settings`, { schema: Ga4SettingsSchema, signal }),
    staleTime: STALE_TIME.documents,
  })
}

export function useUpdateGa4Settings(siteSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateGa4SettingsRequest) =>
      requestApi(`${integrationsPath(siteSlug)}/ga4/settings`, {
        method: 'POST',
        body,
        schema: Ga4SettingsSchema,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKey(siteSlug, 'ga4'), saved)
      await queryClient.invalidateQueries({ queryKey: analyticsReportsKey(siteSlug) })
    },
  })
}

/** After the sign-in popup closes: the settings (connected, propertyIdList) and the reports read again. */
export function useRefreshGa4Settings(siteSlug: string) {
  const queryClient = useQueryClient()
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKey(siteSlug, 'ga4') }),
        queryClient.invalidateQueries({ queryKey: analyticsReportsKey(siteSlug) }),
      ]),
    [queryClient, siteSlug],
  )
}

/** DELETE /integrations/ga4/settings: disconnects web analytics. */
export function useDisconnectGa4(siteSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => requestApi(`${integrationsPath(siteSlug)}/ga4/settings`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKey(siteSlug, 'ga4') }),
        queryClient.invalidateQueries({ queryKey: analyticsReportsKey(siteSlug) }),
      ]),
  })
}
