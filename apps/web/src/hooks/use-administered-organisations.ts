import { AdministeredOrganisationsSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'

/**
 * GET /api/v1/crm/organisations: the organisations the user administers (where they may add a site, and the
 * user menu's links to their billing and single sign-on).
 */
export function useAdministeredOrganisations() {
  return useQuery({
    queryKey: ['crm', 'organisations', 'administered'],
    queryFn: ({ signal }) =>
      requestApi('/api/v1/crm/organisations', { schema: AdministeredOrganisationsSchema, signal }),
  })
}
