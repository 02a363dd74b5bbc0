import { type QueryClient, useQuery } from '@tanstack/react-query'
import { buildApiUrl } from './api-client'

const AVATAR_VERSION_KEY = ['avatar-version'] as const

/**
 * A user's avatar image (their photo, or their initials on a colour of their own), `size` px square. The
 * API lets browsers keep it a few minutes: `version` changes the address after this tab uploaded a photo.
 */
export function avatarUrl(userId: string, size: number, version = 0): string {
  return buildApiUrl(`/api/v1/avatars/${encodeURIComponent(userId)}`, { size, v: version || undefined })
}

/** When this tab last uploaded the signed-in user's photo (0: not yet), so every avatar of them shows it. */
export function useAvatarVersion(): number {
  return useQuery({
    queryKey: AVATAR_VERSION_KEY,
    queryFn: () => 0,
    initialData: 0,
    staleTime: Number.POSITIVE_INFINITY,
  }).data
}

export function markAvatarChanged(queryClient: QueryClient): void {
  queryClient.setQueryData(AVATAR_VERSION_KEY, Date.now())
}
