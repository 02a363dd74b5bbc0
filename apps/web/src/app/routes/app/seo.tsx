import { useStoredUser } from '@/features/auth/api/stored-user'
import { SeoOverviewScreen } from '@/features/seo/components/seo-overview'
import { useGuardedSite } from '@/features/sites/components/site-guard'
import { useFeatureFlags } from '@/lib/feature-flags'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** seo, under the site or one of its sections; the orphaned pages show only with their flag on. */
export function Component() {
  const user = useStoredUser()
  const site = useGuardedSite()
  const flags = useFeatureFlags(user?.isStaff ?? false, site.sys.slug ?? site.sys.id)
  return (
    <AreaGate>
      {(scope) => (
        <SeoOverviewScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
          showOrphans={flags.isActive('seo/orphaned-pages')}
        />
      )}
    </AreaGate>
  )
}
