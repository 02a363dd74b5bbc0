import { AlertsScreen } from '@/features/staff/components/alerts-screen'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { StaffOnly } from './staff-only'

export function Component() {
  useDocumentTitle('Dashboard alerts')
  return (
    <StaffOnly>
      <AlertsScreen />
    </StaffOnly>
  )
}
