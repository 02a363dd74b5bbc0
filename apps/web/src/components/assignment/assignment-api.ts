import { AssignedIssuesCountSchema, type AssignmentRequest, AssignmentResultSchema } from '@canopy/contracts'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { showToast } from '@/components/ui/toast'
import { ASSIGNMENT_UI } from '@/config/assignment-messages'
import { requestApi } from '@/lib/api-client'
import { sitePrefix } from '@/lib/site-list'

export const assignmentQueryKeys = {
  all: (siteSlug: string) => ['sites', 'assigned', siteSlug] as const,
  count: (siteSlug: string, assignedTo: string) =>
    [...assignmentQueryKeys.all(siteSlug), 'count', assignedTo] as const,
  users: (siteSlug: string, search: string) => ['sites', 'users', siteSlug, search] as const,
}

/** A user of the site as GET /sites/:slug/users lists them (zero-based pages). */
export const SiteUserSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })
export type SiteUser = z.infer<typeof SiteUserSchema>
const SiteUserPageSchema = z.object({
  items: z.array(SiteUserSchema),
  pageIndex: z.number(),
  pageSize: z.number(),
  totalCount: z.number(),
})

/**
 * The site's users for the assign modal: sortBy 'undefined' (literal), ascending, inherited users included,
 * zero-based pages; kept 15 minutes.
 */
export function useSiteUsers(siteSlug: string, search: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: assignmentQueryKeys.users(siteSlug, search),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      requestApi(`${sitePrefix(siteSlug)}/users`, {
        params: { page: pageParam, sortBy: 'undefined', sortDir: 'asc', search, includeInherited: true },
        schema: SiteUserPageSchema,
        signal,
      }),
    getNextPageParam: (last) =>
      (last.pageIndex + 1) * last.pageSize < last.totalCount ? last.pageIndex + 1 : undefined,
    staleTime: 15 * 60_000,
    enabled,
  })
}

/** The number of issues assigned to the caller, for the sidebar. */
export function useAssignedCount(siteSlug: string, enabled: boolean) {
  return useQuery({
    queryKey: assignmentQueryKeys.count(siteSlug, 'me'),
    queryFn: ({ signal }) =>
      requestApi(`${sitePrefix(siteSlug)}/issues/assigned/count`, {
        params: { assignedTo: 'me' },
        schema: AssignedIssuesCountSchema,
        signal,
      }),
    enabled,
    staleTime: 60_000,
  })
}

const assignmentPath = (siteSlug: string, issueId: string) =>
  `${sitePrefix(siteSlug)}/issues/${encodeURIComponent(issueId)}/assignment`

/** Every list, page detail and count that shows assignments is read again after a change. */
function useRefreshAssignments(siteSlug: string) {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['sites', 'list'] })
    void queryClient.invalidateQueries({ queryKey: ['sites', 'detail', siteSlug, 'page'] })
    void queryClient.invalidateQueries({ queryKey: assignmentQueryKeys.all(siteSlug) })
  }
}

export type AssignVariables = AssignmentRequest & { issueId: string; mode: 'assign' | 'edit' }

/** POST (assign) or PATCH (edit) the assignment, with the spec's toasts. */
export function useAssignIssue(siteSlug: string) {
  const refresh = useRefreshAssignments(siteSlug)
  return useMutation({
    mutationFn: ({ issueId, mode, ...body }: AssignVariables) =>
      requestApi(assignmentPath(siteSlug, issueId), {
        method: mode === 'assign' ? 'POST' : 'PATCH',
        body,
        schema: AssignmentResultSchema,
      }),
    onSuccess: () => {
      showToast(ASSIGNMENT_UI.assigned)
      refresh()
    },
    onError: (_error, { mode }) => {
      showToast(mode === 'assign' ? ASSIGNMENT_UI.assignFailed : ASSIGNMENT_UI.editFailed, 'error')
    },
  })
}

/** DELETE the assignment, with the spec's toasts. */
export function useUnassignIssue(siteSlug: string) {
  const refresh = useRefreshAssignments(siteSlug)
  return useMutation({
    mutationFn: ({ issueId, pageId }: { issueId: string; pageId: string }) =>
      requestApi(assignmentPath(siteSlug, issueId), {
        method: 'DELETE',
        body: { pageId },
        schema: AssignmentResultSchema,
      }),
    onSuccess: () => {
      showToast(ASSIGNMENT_UI.unassigned)
      refresh()
    },
    onError: () => showToast(ASSIGNMENT_UI.unassignFailed, 'error'),
  })
}
