import { useStoredUser } from '@/features/auth/api/stored-user'
import { SeoOverviewScreen } from '@/features/seo/components/seo-overview'
import { useFeatureFlags } from '@/lib/feature-flags'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** seo, under the site or one of its sections; the orphaned pages show only with their flag on. */
export function Component() {
  const user = useStoredUser()
  const isFlagActive = useFeatureFlags(user?.isStaff ?? false)
  return (
    <AreaGate>
      {(scope) => (
        <SeoOverviewScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
          showOrphans={isFlagActive('seo/orphaned-pages')}
        />
      )}
    </AreaGate>
  )
}
