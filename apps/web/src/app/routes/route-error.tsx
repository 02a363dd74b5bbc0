import { isRouteErrorResponse, useRouteError } from 'react-router'
import { NotFoundView, ServerErrorView } from '@/components/errors/error-views'
import styles from './route-error.module.css'

/** A route that throws (or a lazy module that fails to load) shows the error page, not a blank screen. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  if (!(isRouteErrorResponse(error) && error.status === 404)) console.error(error)
  return (
    <main id="main" className={styles.page}>
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFoundView /> : <ServerErrorView />}
    </main>
  )
}
