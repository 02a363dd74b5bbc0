import {
  type ApiTokenAccess,
  ApiTokenListSchema,
  CreatedApiTokenSchema,
  CurrentProfileSchema,
  SignedOutCountSchema,
  type UpdateCurrentProfile,
  UserSessionListSchema,
} from '@canopy/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { readStoredUser, storeUser } from '@/features/auth/api/stored-user'
import { ApiError, buildApiUrl, requestApi } from '@/lib/api-client'
import { markAvatarChanged } from '@/lib/avatars'

export const PROFILE_API = '/api/v1/crm/users/currentProfile'

export const profileQueryKeys = {
  all: ['profile'] as const,
  details: () => [...profileQueryKeys.all, 'details'] as const,
  sessions: () => [...profileQueryKeys.all, 'sessions'] as const,
  tokens: () => [...profileQueryKeys.all, 'tokens'] as const,
}

export const currentProfileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKeys.details(),
    queryFn: ({ signal }) => requestApi(PROFILE_API, { schema: CurrentProfileSchema, signal }),
  })

export function useCurrentProfile() {
  return useQuery(currentProfileQueryOptions())
}

/** Saves names or the job role; the header's name (the stored user) follows at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateCurrentProfile) =>
      requestApi(PROFILE_API, { method: 'POST', body, schema: CurrentProfileSchema }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKeys.details(), profile)
      const stored = readStoredUser()
      if (stored) storeUser({ ...stored, firstName: profile.firstName, lastName: profile.lastName })
    },
  })
}

export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { currentPassword: string; password: string }) =>
      requestApi(`${PROFILE_API}/password`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKeys.sessions() }),
  })
}

/** The photo goes as the raw request body; the API tells its type from the content. */
export function useUploadAvatar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (file: File) => {
      const response = await fetch(buildApiUrl(`${PROFILE_API}/avatar`), {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
        body: file,
      })
      const body = await response.json().catch(() => null)
      if (!response.ok) throw new ApiError(response.status, response.statusText, body)
      return CurrentProfileSchema.parse(body)
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKeys.details(), profile)
      markAvatarChanged(queryClient)
    },
  })
}

export function useSessions() {
  return useQuery({
    queryKey: profileQueryKeys.sessions(),
    queryFn: ({ signal }) => requestApi(`${PROFILE_API}/sessions`, { schema: UserSessionListSchema, signal }),
  })
}

export function useEndSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    /** one session by id, or every other one */
    mutationFn: (sessionId: string | null) =>
      sessionId
        ? requestApi(`${PROFILE_API}/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' })
        : requestApi(`${PROFILE_API}/sessions`, { method: 'DELETE', schema: SignedOutCountSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKeys.sessions() }),
  })
}

export function useApiTokens() {
  return useQuery({
    queryKey: profileQueryKeys.tokens(),
    queryFn: ({ signal }) => requestApi(`${PROFILE_API}/tokens`, { schema: ApiTokenListSchema, signal }),
  })
}

export interface NewApiToken {
  name: string
  access: ApiTokenAccess
  sites: string[] | null
  expiresAt: string | null
}

export function useCreateApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewApiToken) =>
      requestApi(`${PROFILE_API}/tokens`, { method: 'POST', body, schema: CreatedApiTokenSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKeys.tokens() }),
  })
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (tokenId: string) =>
      requestApi(`${PROFILE_API}/tokens/${encodeURIComponent(tokenId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKeys.tokens() }),
  })
}

/** The API's message for a field (400 `errors`), else its message. */
export function errorMessageOf(error: unknown, field?: string): string | null {
  if (!(error instanceof ApiError)) return error ? 'Something went wrong. Please try again.' : null
  const body = error.data as { message?: string; errors?: Record<string, string> } | null
  if (field && body?.errors?.[field]) return body.errors[field]
  return body?.message ?? error.message
}
