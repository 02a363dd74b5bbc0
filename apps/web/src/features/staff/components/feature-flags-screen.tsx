import { PageHeader } from '@/components/ui/notice'
import { FeatureFlagsPanel } from './feature-flags-panel'

/**
 * /debug/features: the feature flags, their descriptions and switches (staff: global and the current site's;
 * on a host that is not production, anyone: this browser's own).
 */
export function FeatureFlagsScreen({ siteSlug, isStaff }: { siteSlug: string | null; isStaff: boolean }) {
  return (
    <>
      <PageHeader
        title="Feature flags"
        subtitle="Each flag is off until switched on everywhere or for a site; staff see every flag on."
      />
      <FeatureFlagsPanel siteSlug={siteSlug} isStaff={isStaff} />
    </>
  )
}
