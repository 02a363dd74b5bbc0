import type { DocumentTab } from '@canopy/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { type LoaderFunctionArgs, useNavigate, useParams } from 'react-router'
import { getDocumentQueryOptions } from '@/features/documents/api/get-document'
import { DocumentDetailScreen, readDocumentTab } from '@/features/documents/components/document-detail'
import { useGuardedSite } from '@/features/sites/components/site-guard'
import { sitePath } from '@/lib/site-paths'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    if (params.slug && params.documentId) {
      void queryClient.prefetchQuery(getDocumentQueryOptions(params.slug, params.documentId))
    }
    return null
  }

/** /site/:slug[/section/:sectionSlug]/documents/:documentId/:tabId */
export function Component() {
  const site = useGuardedSite()
  const { documentId = '', tabId, sectionSlug = null } = useParams()
  const navigate = useNavigate()
  const siteSlug = site.sys.slug ?? site.sys.id
  const onTabChange = (tab: DocumentTab) =>
    navigate(sitePath(siteSlug, sectionSlug, `documents/${encodeURIComponent(documentId)}/${tab}`), {
      replace: true,
    })
  return (
    <DocumentDetailScreen
      key={documentId}
      siteSlug={siteSlug}
      sectionSlug={sectionSlug}
      documentId={documentId}
      tab={readDocumentTab(tabId)}
      onTabChange={onTabChange}
    />
  )
}
