import type { QueryClient } from '@tanstack/react-query'
import { getBackendStatusQueryOptions } from '@/features/staff/api/staff-queries'
import { BackendStatusScreen } from '@/features/staff/components/backend-status-screen'
import { useDocumentTitle } from '@/hooks/use-document-title'

export const clientLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(getBackendStatusQueryOptions())
  return null
}

/** Every signed-in user may see the states; only staff get the figures (the API decides). */
export function Component() {
  useDocumentTitle('CMS status')
  return <BackendStatusScreen />
}
