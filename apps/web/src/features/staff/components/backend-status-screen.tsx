import type { ServiceComponent, ServiceState } from '@canopy/contracts'
import { PageHeader, StatusMessage } from '@/components/ui/notice'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { useBackendStatus } from '../api/staff-queries'
import styles from './staff.module.css'

/** The spec's words for the status screen; a check reads 'success' or 'fail', a slow one 'degraded'. */
export const STATUS_SCREEN = {
  title: 'CMS status',
  loading: 'Loading CMS statuses',
  error: 'Error loading CMS statuses',
  lastChecked: 'Last checked',
  component: 'CMS',
  overall: 'Overall status',
  details: 'Details',
  states: { ok: 'success', degraded: 'degraded', down: 'fail' } satisfies Record<ServiceState, string>,
} as const

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' })

function State({ state }: { state: ServiceState }) {
  return <span className={styles[state]}>{STATUS_SCREEN.states[state]}</span>
}

function StatusTable({ components, showDetails }: { components: ServiceComponent[]; showDetails: boolean }) {
  return (
    <ScrollRegion className={styles.tableWrap} label="Service statuses">
      <table className={styles.table}>
        <caption className="visually-hidden">The state of each service Canopy depends on</caption>
        <thead>
          <tr>
            <th scope="col">{STATUS_SCREEN.component}</th>
            <th scope="col">{STATUS_SCREEN.overall}</th>
            {showDetails ? <th scope="col">{STATUS_SCREEN.details}</th> : null}
          </tr>
        </thead>
        <tbody>
          {components.map((component) => (
            <tr key={component.id}>
              <th scope="row">{component.name}</th>
              <td>
                <State state={component.status} />
              </td>
              {showDetails ? <td>{component.message}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/**
 * /status/cms-status: PostgreSQL, Redis, each queue, the workers and Chromium with their state, refreshed
 * every 15 s. Staff see what was measured; other users only the states.
 */
export function BackendStatusScreen() {
  const status = useBackendStatus()
  if (status.isPending) return <StatusMessage title={STATUS_SCREEN.loading} />
  if (status.isError) return <StatusMessage title={STATUS_SCREEN.error} />
  const { components, lastChecked, overallStatus } = status.data
  const showDetails = components.some((component) => component.message !== null)
  return (
    <>
      <PageHeader
        title={STATUS_SCREEN.title}
        subtitle={
          <>
            {STATUS_SCREEN.overall}: <State state={overallStatus} />. {STATUS_SCREEN.lastChecked}:{' '}
            <time dateTime={lastChecked}>{timeFormat.format(new Date(lastChecked))}</time>
          </>
        }
      />
      <StatusTable components={components} showDetails={showDetails} />
    </>
  )
}
