import { AdministeredOrganisationsSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'

/** GET /api/v1/crm/organisations: the organisations the user administers (their settings links). */
export function useAdministeredOrganisations() {
  return useQuery({
    queryKey: ['crm', 'organisations', 'administered'],
    queryFn: ({ signal }) =>
      requestApi('/api/v1/crm/organisations', { schema: AdministeredOrganisationsSchema, signal }),
  })
}
