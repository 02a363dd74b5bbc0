import { sitesListLoader } from '@/features/sites/api/get-sites'
import { SitesOverview } from '@/features/sites/components/sites-overview'
import { useDocumentTitle } from '@/hooks/use-document-title'

export const clientLoader = sitesListLoader

export function Component() {
  useDocumentTitle('Overview')
  return <SitesOverview />
}
