import { sitesListLoader } from '@/features/sites/api/get-sites'
import { SiteConfigurations } from '@/features/sites/components/site-configurations'
import { useDocumentTitle } from '@/hooks/use-document-title'

export const clientLoader = sitesListLoader

export function Component() {
  useDocumentTitle('Configurations')
  return <SiteConfigurations />
}
