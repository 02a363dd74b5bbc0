import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { App } from '@/app'
import { RouterBridge } from '@/app/layouts/router-bridge'
import { createAppQueryClient } from '@/app/query-client'

export function createTestQueryClient(): QueryClient {
  const queryClient = createAppQueryClient()
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  return queryClient
}

/** Renders one component inside a memory router at `url`, with the app's providers. */
export function renderWithRouter(
  ui: ReactNode,
  { url = '/', path = '*' }: { url?: string; path?: string } = {},
) {
  const queryClient = createTestQueryClient()
  const router = createMemoryRouter([{ element: <RouterBridge />, children: [{ path, element: ui }] }], {
    initialEntries: [url],
  })
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...result, router, queryClient }
}

/** Renders the whole app, session bootstrap included, at `url` in the jsdom window. */
export function renderApp(url = '/') {
  window.history.replaceState(null, '', url)
  const queryClient = createTestQueryClient()
  const result = render(<App queryClient={queryClient} />)
  return { ...result, queryClient }
}
