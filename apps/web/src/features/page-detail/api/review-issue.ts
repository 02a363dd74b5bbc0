import { type IssueReviewBody, IssueReviewSchema } from '@canopy/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { showToast } from '@/components/ui/toast'
import { ACCESSIBILITY_UI } from '@/config/accessibility-messages'
import { requestApi } from '@/lib/api-client'
import { sitePrefix } from '@/lib/site-list'
import { pageDetailQueryKeys } from './query-keys'

/** /api/v1/sites/:slug/pages/:pageId/issues/:issueId/review */
export const issueReviewPath = (siteSlug: string, pageId: string, issueId: string) =>
  `${sitePrefix(siteSlug)}/pages/${encodeURIComponent(pageId)}/issues/${encodeURIComponent(issueId)}/review`

/** The page, the issue lists and the dashboards count reviews: all of them are read again after a decision. */
function useRefreshReviews(siteSlug: string) {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: pageDetailQueryKeys.all(siteSlug) })
    void queryClient.invalidateQueries({ queryKey: ['sites', 'list'] })
    void queryClient.invalidateQueries({ queryKey: ['sites', 'detail', siteSlug, 'issues-overview'] })
  }
}

/** PUT the decision (confirmed, or dismissed with a reason), with a toast either way. */
export function useReviewIssue(siteSlug: string, pageId: string) {
  const refresh = useRefreshReviews(siteSlug)
  return useMutation({
    mutationFn: ({ issueId, body }: { issueId: string; body: IssueReviewBody }) =>
      requestApi(issueReviewPath(siteSlug, pageId, issueId), {
        method: 'PUT',
        body,
        schema: IssueReviewSchema,
      }),
    onSuccess: () => {
      showToast(ACCESSIBILITY_UI.review.saved)
      refresh()
    },
    onError: () => showToast(ACCESSIBILITY_UI.review.saveFailed, 'error'),
  })
}

/** DELETE the decision: the result is back to review. */
export function useReopenIssue(siteSlug: string, pageId: string) {
  const refresh = useRefreshReviews(siteSlug)
  return useMutation({
    mutationFn: (issueId: string) =>
      requestApi(issueReviewPath(siteSlug, pageId, issueId), { method: 'DELETE' }),
    onSuccess: () => {
      showToast(ACCESSIBILITY_UI.review.reopened)
      refresh()
    },
    onError: () => showToast(ACCESSIBILITY_UI.review.reopenFailed, 'error'),
  })
}
