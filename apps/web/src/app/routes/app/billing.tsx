import { OrganisationsScreen } from '@/features/billing/components/organisations-screen'

/** /billing: the organisations the user administers (staff: all). */
export function Component() {
  return <OrganisationsScreen />
}
