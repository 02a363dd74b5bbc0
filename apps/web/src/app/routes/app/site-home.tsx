import type { QueryClient } from '@tanstack/react-query'
import { type LoaderFunctionArgs, useLocation, useNavigate, useParams } from 'react-router'
import { NoticePanel, PageHeader, PageLoader } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { SiteDashboard } from '@/features/dashboard/components/site-dashboard'
import { SectionSwitcher } from '@/features/sections/components/section-switcher'
import { useGuardedSite } from '@/features/sites/components/site-guard'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useSectionBySlug } from '@/hooks/use-section-by-slug'
import { getSiteScanStatusQueryOptions } from '@/lib/live-scans'
import { switchSectionInUrl } from '@/lib/site-paths'

/** What scanning is doing is the dashboard's first card: it starts loading with the route module. */
export const clientLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    if (params.slug) void queryClient.prefetchQuery(getSiteScanStatusQueryOptions(params.slug, false))
    return null
  }

/**
 * The site dashboard (/site/{slug}) and the same scoped to a section
 * (/site/{slug}/section/{sectionSlug}): the section switcher, then the dashboard of that scope.
 */
export function Component() {
  const site = useGuardedSite()
  const { sectionSlug = null } = useParams()
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const siteSlug = site.sys.slug ?? site.sys.id
  const section = useSectionBySlug(siteSlug, sectionSlug)
  const scopeName = section.section ? `${section.section.title}, ${site.siteName}` : site.siteName
  useDocumentTitle(`${MESSAGES.sidebar.dashboard}: ${scopeName}`)

  return (
    <>
      <PageHeader
        eyebrow={MESSAGES.sidebar.dashboard}
        title={section.section ? section.section.title : site.siteName}
        subtitle={section.section ? `Section of ${site.siteName}` : site.rootUri}
        actions={
          <SectionSwitcher
            siteSlug={siteSlug}
            activeSectionSlug={sectionSlug}
            canManageSections={site.hasAdminAccess}
            onSelect={(next) => navigate(switchSectionInUrl(pathname, search, next))}
          />
        }
      />
      {section.isPending ? (
        <PageLoader />
      ) : sectionSlug !== null && !section.section ? (
        <NoticePanel icon="alert" tone="warning" title="Section not found">
          <p>{site.siteName} has no section at this address. Choose another section above.</p>
        </NoticePanel>
      ) : (
        <SiteDashboard
          site={{
            slug: siteSlug,
            name: site.siteName,
            canStartScans: site.permissions.includes('startScans'),
            firstScanCompleted: site.firstScanCompleted,
            scanUsage: site.scanUsage,
          }}
          section={
            section.section
              ? { id: section.section.sys.id, slug: sectionSlug ?? '', title: section.section.title }
              : null
          }
        />
      )}
    </>
  )
}
