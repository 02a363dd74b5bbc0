import { type CreateTicketRequest, TicketSchema, TicketTemplateSchema } from '@canopy/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'

const ticketPath = (siteSlug: string, pageId: string, issueId: string) =>
  `/api/v1/sites/${encodeURIComponent(siteSlug)}/integrations/jira/${encodeURIComponent(pageId)}/${encodeURIComponent(issueId)}`

type TicketTarget = { siteSlug: string; pageId: string; issueId: string }

/** GET …/integrations/jira/:pageId/:issueId/template, fetched when the dialog opens. */
export function useTicketTemplate({ siteSlug, pageId, issueId }: TicketTarget, enabled: boolean) {
  return useQuery({
    queryKey: ['sites', 'tickets', siteSlug, pageId, issueId, 'template'],
    queryFn: ({ signal }) =>
      requestApi(`${ticketPath(siteSlug, pageId, issueId)}/template`, {
        schema: TicketTemplateSchema,
        signal,
      }),
    enabled,
    retry: false,
    staleTime: 0,
  })
}

/** A ticket created or unlinked changes the page's and the issue's lists: the site's results are read again. */
function useRefreshSite(siteSlug: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['sites', 'detail', siteSlug] }),
      // The results lists (an issue's pages…) are kept by path, which starts with the site's.
      queryClient.invalidateQueries({
        queryKey: ['sites', 'list'],
        predicate: (query) =>
          String(query.queryKey[2]).startsWith(`/api/v1/sites/${encodeURIComponent(siteSlug)}/`),
      }),
    ])
}

export function useCreateTicket({ siteSlug, pageId, issueId }: TicketTarget) {
  const refresh = useRefreshSite(siteSlug)
  return useMutation({
    mutationFn: (body: CreateTicketRequest) =>
      requestApi(ticketPath(siteSlug, pageId, issueId), { method: 'POST', body, schema: TicketSchema }),
    onSuccess: refresh,
  })
}

export function useUnlinkTicket({ siteSlug, pageId, issueId }: TicketTarget) {
  const refresh = useRefreshSite(siteSlug)
  return useMutation({
    mutationFn: () => requestApi(ticketPath(siteSlug, pageId, issueId), { method: 'DELETE' }),
    onSuccess: refresh,
  })
}
