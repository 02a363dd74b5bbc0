import { MasqueradeScreen } from '@/features/staff/components/masquerade-screen'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { StaffOnly } from './staff-only'

export function Component() {
  useDocumentTitle('Masquerade')
  return (
    <StaffOnly>
      <MasqueradeScreen />
    </StaffOnly>
  )
}
