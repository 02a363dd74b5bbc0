import type { QueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef } from 'react'
import { RouterProvider } from 'react-router'
import { PageLoader } from '@/components/ui/notice'
import { AppProvider } from './provider'
import { createSignedInRouter, createSignedOutRouter } from './router'
import { useSession } from './session'

type Router = ReturnType<typeof createSignedInRouter>

/**
 * Chooses the route set for the session. A session that fails to load starts its routes at /500;
 * signing in or out swaps the route set in place, at the address the browser is on.
 */
function SessionRoutes({ queryClient }: { queryClient: QueryClient }) {
  const session = useSession()
  const kind = session === 'pending' ? null : session === 'signed-in' ? 'signed-in' : 'signed-out'
  const isError = session === 'error'

  const router = useMemo(() => {
    if (kind === null) return null
    if (isError && window.location.pathname !== '/500') window.history.replaceState(null, '', '/500')
    return kind === 'signed-in' ? createSignedInRouter(queryClient) : createSignedOutRouter(queryClient)
  }, [kind, isError, queryClient])

  // The previous route set stops listening to history once the new one is in place.
  const previous = useRef<Router | null>(null)
  useEffect(() => {
    if (previous.current && previous.current !== router) previous.current.dispose()
    previous.current = router
  }, [router])

  if (!router) return <PageLoader />
  return <RouterProvider router={router} />
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <SessionRoutes queryClient={queryClient} />
    </AppProvider>
  )
}
