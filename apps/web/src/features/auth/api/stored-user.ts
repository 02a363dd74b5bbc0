import { type User, UserSchema } from '@canopy/contracts'
import { useMemo } from 'react'
import { readStoredValue, STORAGE_KEYS, useStoredValue, writeStoredValue } from '@/lib/local-store'

/** The signed-in user is kept in local storage under 'user', as login, register and current-user return it. */
export function parseStoredUser(stored: string | null): User | null {
  if (!stored) return null
  try {
    const parsed = UserSchema.safeParse(JSON.parse(stored))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function readStoredUser(): User | null {
  return parseStoredUser(readStoredValue(STORAGE_KEYS.user))
}

export function storeUser(user: User | null): void {
  writeStoredValue(STORAGE_KEYS.user, user ? JSON.stringify(user) : null)
}

export function useStoredUser(): User | null {
  const stored = useStoredValue(STORAGE_KEYS.user)
  return useMemo(() => parseStoredUser(stored), [stored])
}
