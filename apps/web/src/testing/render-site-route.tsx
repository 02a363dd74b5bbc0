import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { RouterBridge } from '@/app/layouts/router-bridge'
import { Component as SiteLayout } from '@/app/routes/app/site-layout'
import { AppToastRegion } from '@/components/ui/toast'
import { createTestQueryClient } from './render'

/**
 * Renders one site route at `url` as the app does: behind the site guard of /site/:slug, at `path` under
 * the site and under /section/:sectionSlug, with the toast region.
 */
export function renderSiteRoute(element: ReactNode, { url, path }: { url: string; path: string }) {
  const queryClient = createTestQueryClient()
  const router = createMemoryRouter(
    [
      {
        element: <RouterBridge />,
        children: [
          {
            path: '/site/:slug',
            element: <SiteLayout />,
            children: [
              { path, element },
              { path: `section/:sectionSlug/${path}`, element },
            ],
          },
        ],
      },
    ],
    { initialEntries: [url] },
  )
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToastRegion />
    </QueryClientProvider>,
  )
  return { ...result, router, queryClient }
}
