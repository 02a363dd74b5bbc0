import type { ReactNode } from 'react'
import { RouterProvider } from 'react-aria-components'
import { Outlet, useHref, useNavigate } from 'react-router'

/** Lets React Aria links and menu items navigate through react-router instead of reloading the page. */
export function RouterBridge({ children }: { children?: ReactNode }) {
  const navigate = useNavigate()
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      {children ?? <Outlet />}
    </RouterProvider>
  )
}
