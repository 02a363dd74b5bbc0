import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError } from './api-client'

/** Called when any request answers 401: the session has ended, so the app falls back to signed out. */
export type SessionEndedHandler = (queryClient: QueryClient) => void

export function createQueryClient(onSessionEnded?: SessionEndedHandler): QueryClient {
  const handleError = (error: unknown) => {
    if (isApiError(error, 401)) onSessionEnded?.(queryClient)
  }
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; network and 5xx errors get one more try.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.statusCode >= 400 && error.statusCode < 500),
      },
    },
  })
  return queryClient
}
