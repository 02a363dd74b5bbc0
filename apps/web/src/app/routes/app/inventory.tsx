import { InventoryOverviewScreen } from '@/features/inventory/components/inventory-overview'
import { AreaGate, AreaSectionSwitcher } from './area-gate'

/** inventory: the count cards and their history, under the site or one of its sections. */
export function Component() {
  return (
    <AreaGate>
      {(scope) => (
        <InventoryOverviewScreen
          siteSlug={scope.siteSlug}
          sectionSlug={scope.sectionSlug}
          sectionId={scope.sectionId}
          headerActions={<AreaSectionSwitcher scope={scope} />}
        />
      )}
    </AreaGate>
  )
}
