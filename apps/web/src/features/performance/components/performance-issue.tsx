import { ISSUE_PAGES_DEFAULT_SORT } from '@canopy/contracts'
import { useMemo } from 'react'
import { IssuePagesView } from '@/components/area/issue-pages-view'
import { useListParams } from '@/components/ui/list'
import { MESSAGES } from '@/config/messages'
import { sitePath } from '@/lib/site-paths'
import { useIssue } from '../api/get-issue'
import { issuePagesPath, useIssuePages } from '../api/get-issue-pages'
import type { PerformanceScreenProps } from './performance-overview'

/** performance/issues/:issueName: one performance audit with its counts and the pages it fails on. */
export function PerformanceIssueScreen({
  siteSlug,
  sectionSlug,
  sectionId,
  issueName,
}: PerformanceScreenProps & { issueName: string }) {
  const at = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
  const issue = useIssue(siteSlug, issueName, { sectionId })
  const list = useListParams({ ...ISSUE_PAGES_DEFAULT_SORT, sectionId, filters: { status: 'current' } })
  const query = useMemo(() => ({ ...list.query, category: 'performance' }), [list.query])
  const affected = useIssuePages(siteSlug, issueName, query)
  return (
    <IssuePagesView
      siteSlug={siteSlug}
      area="Performance"
      issue={issue}
      affected={affected}
      list={list}
      query={query}
      listPath={issuePagesPath(siteSlug, issueName)}
      exportName={`performance-issue-${issueName}`}
      crumbs={[
        { label: MESSAGES.sidebar.dashboard, href: at('') },
        { label: 'Performance', href: at('performance') },
      ]}
      pageHref={(item) => at(`pages/${encodeURIComponent(item.sys.id)}/performance`)}
    />
  )
}
