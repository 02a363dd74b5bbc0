import { type User, UserSchema } from '@canopy/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { storeUser } from '@/features/auth/api/stored-user'
import { requestApi } from '@/lib/api-client'
import { STORAGE_KEYS, writeStoredValue } from '@/lib/local-store'

export function startMasquerade(masqueradeId: string): Promise<User> {
  return requestApi('/masquerade', { method: 'POST', body: { masqueradeId }, schema: UserSchema })
}

export function stopMasquerade(): Promise<User> {
  return requestApi('/masquerade', { method: 'DELETE', schema: UserSchema })
}

/**
 * Switching who the session acts as: the answer's user is stored, the active site removed and every cached
 * answer dropped; the page then loads again at / so that the live socket joins the new user's rooms.
 */
function useSwitchUser(switchUser: (input: string) => Promise<User>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: switchUser,
    onSuccess: (user) => {
      storeUser(user)
      writeStoredValue(STORAGE_KEYS.activeSite, null)
      writeStoredValue(STORAGE_KEYS.activeSection, null)
      queryClient.clear()
      window.location.assign('/')
    },
  })
}

export const useStartMasquerade = () => useSwitchUser(startMasquerade)
export const useStopMasquerade = () => useSwitchUser(() => stopMasquerade())
