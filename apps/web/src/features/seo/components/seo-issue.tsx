import { ISSUE_PAGES_DEFAULT_SORT } from '@canopy/contracts'
import { useMemo } from 'react'
import { IssuePagesView } from '@/components/area/issue-pages-view'
import { useListParams } from '@/components/ui/list'
import { MESSAGES } from '@/config/messages'
import { sitePath } from '@/lib/site-paths'
import { useIssue } from '../api/get-issue'
import { issuePagesPath, useIssuePages } from '../api/get-issue-pages'
import type { SeoScreenProps } from './seo-overview'

/** seo/issues/:issueName: one SEO check with its counts and the pages it fails on. */
export function SeoIssueScreen({
  siteSlug,
  sectionSlug,
  sectionId,
  issueName,
}: SeoScreenProps & { issueName: string }) {
  const at = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
  const issue = useIssue(siteSlug, issueName, { sectionId })
  const list = useListParams({ ...ISSUE_PAGES_DEFAULT_SORT, sectionId, filters: { status: 'current' } })
  const query = useMemo(() => ({ ...list.query, category: 'seo' }), [list.query])
  const affected = useIssuePages(siteSlug, issueName, query)
  return (
    <IssuePagesView
      siteSlug={siteSlug}
      area="SEO"
      issue={issue}
      affected={affected}
      list={list}
      query={query}
      listPath={issuePagesPath(siteSlug, issueName)}
      exportName={`seo-issue-${issueName}`}
      crumbs={[
        { label: MESSAGES.sidebar.dashboard, href: at('') },
        { label: 'SEO', href: at('seo') },
      ]}
      pageHref={(item) => at(`pages/${encodeURIComponent(item.sys.id)}/seo`)}
    />
  )
}
