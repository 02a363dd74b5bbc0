import type { QueryClient } from '@tanstack/react-query'
import { ActiveScansScreen } from '@/features/scans/components/active-scans-screen'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { getActiveScansQueryOptions } from '@/lib/live-scans'

export const clientLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(getActiveScansQueryOptions(false))
  return null
}

export function Component() {
  useDocumentTitle('Active scans')
  return <ActiveScansScreen />
}
