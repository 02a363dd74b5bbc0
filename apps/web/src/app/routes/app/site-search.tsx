import { useParams } from 'react-router'
import { NotFoundView } from '@/components/errors/error-views'
import { PageLoader } from '@/components/ui/notice'
import { SiteSearchScreen } from '@/features/search/components/site-search-screen'
import { useGuardedSite } from '@/features/sites/components/site-guard'
import { useSectionBySlug } from '@/hooks/use-section-by-slug'

/**
 * /site/:slug[/section/:sectionSlug]/search?search=: behind the site guard only (every member may search,
 * before the first scan too); an unknown section is not found.
 */
export function Component() {
  const site = useGuardedSite()
  const { sectionSlug = null } = useParams()
  const siteSlug = site.sys.slug ?? site.sys.id
  const section = useSectionBySlug(siteSlug, sectionSlug)
  if (sectionSlug !== null && (section.isError || section.section === null)) return <NotFoundView />
  if (section.isPending) return <PageLoader />
  return (
    <SiteSearchScreen siteSlug={siteSlug} sectionSlug={sectionSlug} sectionId={section.section?.sys.id} />
  )
}
