import type { ReactNode } from 'react'
import { NotFoundView } from '@/components/errors/error-views'
import { useStoredUser } from '@/features/auth/api/stored-user'

/** Staff screens do not exist for anyone else (the API refuses them too). */
export function StaffOnly({ children }: { children: ReactNode }) {
  const user = useStoredUser()
  return user?.isStaff ? children : <NotFoundView />
}
