import { DebugScreen } from '@/features/staff/components/debug-screen'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { StaffOnly } from './staff-only'

export function Component() {
  useDocumentTitle('Debug')
  return (
    <StaffOnly>
      <DebugScreen />
    </StaffOnly>
  )
}
