import { EnvScreen } from '@/features/staff/components/env-screen'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { StaffOnly } from './staff-only'

export function Component() {
  useDocumentTitle('Environment')
  return (
    <StaffOnly>
      <EnvScreen />
    </StaffOnly>
  )
}
