import { VerifyResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'

/** The verify page forwards its own query string and asks the API for JSON instead of a redirect. */
export function verifyAccount(search: string, signal?: AbortSignal) {
  const query = new URLSearchParams(search)
  query.set('skipRedirect', 'true')
  return requestApi(`/account/verify?${query.toString()}`, { schema: VerifyResponseSchema, signal })
}

export const verifyAccountQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['account', 'verify', search],
    queryFn: ({ signal }) => verifyAccount(search, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })

export function useVerifyAccount(search: string) {
  return useQuery({ ...verifyAccountQueryOptions(search), enabled: search !== '' })
}
