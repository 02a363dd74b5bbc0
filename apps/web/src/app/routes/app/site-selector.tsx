import { sitesListLoader } from '@/features/sites/api/get-sites'
import { SiteSelector } from '@/features/sites/components/site-selector'
import { useDocumentTitle } from '@/hooks/use-document-title'

export const clientLoader = sitesListLoader

export function Component() {
  useDocumentTitle('Your sites')
  return <SiteSelector />
}
