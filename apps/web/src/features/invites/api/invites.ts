import {
  CreatedInviteSchema,
  type CreateInviteRequest,
  InviteListSchema,
  OkResponseSchema,
  PublicInviteSchema,
} from '@canopy/contracts'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'

const invitesApi = (siteSlug: string) => `/api/v1/invites/${encodeURIComponent(siteSlug)}`
const tokenApi = (siteSlug: string, token: string) => `${invitesApi(siteSlug)}/${encodeURIComponent(token)}`

export const inviteQueryKeys = {
  site: (siteSlug: string) => ['invites', siteSlug] as const,
}

/** GET /api/v1/invites/:slug?active=: the active invites (true) or the history (false), paged. */
export function useInvites(siteSlug: string, active: boolean, query: ListApiQuery) {
  return useQuery({
    queryKey: [...inviteQueryKeys.site(siteSlug), active, query] as const,
    queryFn: ({ signal }) =>
      requestApi(invitesApi(siteSlug), { params: { ...query, active }, schema: InviteListSchema, signal }),
    staleTime: STALE_TIME.invites,
    placeholderData: keepPreviousData,
  })
}

function useRefreshInvites(siteSlug: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: inviteQueryKeys.site(siteSlug) })
}

/** POST /api/v1/invites/:slug: an e-mail invite, or a link invite whose answer carries the link (once). */
export function useSendInvite(siteSlug: string) {
  const refresh = useRefreshInvites(siteSlug)
  return useMutation({
    mutationFn: (body: CreateInviteRequest) =>
      requestApi(invitesApi(siteSlug), { method: 'POST', body, schema: CreatedInviteSchema }),
    onSuccess: refresh,
  })
}

export function useRevokeInvite(siteSlug: string) {
  const refresh = useRefreshInvites(siteSlug)
  return useMutation({
    mutationFn: (id: string) =>
      requestApi(invitesApi(siteSlug), { method: 'DELETE', body: { id }, schema: OkResponseSchema }),
    onSuccess: refresh,
  })
}

/** GET /api/v1/invites/:slug/:token: what the invite page shows, signed in or out. */
export function usePublicInvite(siteSlug: string, token: string) {
  return useQuery({
    queryKey: ['invites', 'public', siteSlug, token] as const,
    queryFn: ({ signal }) => requestApi(tokenApi(siteSlug, token), { schema: PublicInviteSchema, signal }),
    staleTime: STALE_TIME.publicInvite,
    retry: false,
  })
}

/** GET …/:token/accept or …/decline for the signed-in user; accepting changes the sites they see. */
export function useAnswerInvite(siteSlug: string, token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline') =>
      requestApi(`${tokenApi(siteSlug, token)}/${answer}`, { schema: OkResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sites'] }),
  })
}
