import {
  DEFAULT_UPTIME_PERIOD,
  UPTIME_PERIOD_KEYS,
  UPTIME_PERIODS,
  type UptimePeriod,
  type UptimeResponse,
} from '@canopy/contracts'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { FilterSelect } from '@/components/ui/list'
import { PageHeader, PageLoader } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatDateTime, plural } from '@/lib/format-values'
import { useUptime } from '../api/get-uptime'
import { formatAvailability, formatResponseTime, meanResponseTime } from '../format'
import { IncidentList } from './incident-list'
import { ResponseTimeChart } from './response-time-chart'
import styles from './uptime.module.css'

const PERIOD_OPTIONS = UPTIME_PERIOD_KEYS.map((id) => ({ id, label: UPTIME_PERIODS[id].label }))

/** The period in ?period=; anything else is the default, as the API would refuse it. */
function usePeriod(): [UptimePeriod, (next: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const raw = searchParams.get('period')
  const period = UPTIME_PERIOD_KEYS.find((key) => key === raw) ?? DEFAULT_UPTIME_PERIOD
  const choose = (next: string) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current)
      params.set('period', next)
      params.delete('incidents.page')
      return params
    })
  return [period, choose]
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

/** The current state from the latest check, with when it was made and what it found. */
function describeLatest(uptime: UptimeResponse): { state: string; detail: string } {
  const latest = uptime.latestCheck
  if (!latest) return { state: 'Not checked yet', detail: 'The first check runs within a few minutes.' }
  const found = latest.up
    ? `HTTP ${latest.statusCode} in ${formatResponseTime(latest.responseTimeMs)}`
    : (latest.error ?? 'Down')
  return { state: latest.up ? 'Up' : 'Down', detail: `${found}, checked ${formatDateTime(latest.checkedAt)}` }
}

function Summary({ uptime }: { uptime: UptimeResponse }) {
  const latest = describeLatest(uptime)
  const ongoing = uptime.incidents.filter((incident) => incident.endedAt === null).length
  return (
    <Card id="uptime-summary" title={UPTIME_PERIODS[uptime.period].label}>
      <dl className={styles.numbers}>
        <div>
          <dt>Availability</dt>
          <dd>
            {formatAvailability(uptime.availabilityPercent)}
            <span className={styles.detail}>
              {plural(uptime.checks, 'check')}, {plural(uptime.downChecks, 'down check')}
            </span>
          </dd>
        </div>
        <div>
          <dt>Current status</dt>
          <dd>
            {latest.state}
            <span className={styles.detail}>{latest.detail}</span>
          </dd>
        </div>
        <div>
          <dt>Incidents</dt>
          <dd>
            {uptime.incidents.length}
            <span className={styles.detail}>{ongoing > 0 ? `${ongoing} ongoing` : 'None ongoing'}</span>
          </dd>
        </div>
        <div>
          <dt>Average response time</dt>
          <dd>{formatResponseTime(meanResponseTime(uptime.buckets))}</dd>
        </div>
      </dl>
    </Card>
  )
}

function UptimeResults({ uptime }: { uptime: UptimeResponse }) {
  return (
    <>
      <Summary uptime={uptime} />
      <Card id="uptime-response-time" title="Response time">
        <ResponseTimeChart
          title="Response time"
          buckets={uptime.buckets}
          bucketMinutes={uptime.bucketMinutes}
        />
      </Card>
      <Card id="uptime-incidents" title="Incidents">
        <IncidentList incidents={uptime.incidents} />
      </Card>
    </>
  )
}

/**
 * performance/uptime: how available the site's root was over a period (the worker checks it every few
 * minutes), its incidents, and its response times as a chart with a table.
 */
export function UptimeScreen({ siteSlug, headerActions }: { siteSlug: string; headerActions?: ReactNode }) {
  useDocumentTitle('Uptime')
  const [period, choosePeriod] = usePeriod()
  const uptime = useUptime(siteSlug, period)
  return (
    <div className={styles.screen}>
      <PageHeader
        eyebrow="Performance"
        title="Uptime"
        subtitle="Whether the site's home page answers, checked every few minutes."
        actions={
          <>
            <div className={styles.period}>
              <FilterSelect label="Period" value={period} options={PERIOD_OPTIONS} onChange={choosePeriod} />
            </div>
            {headerActions}
          </>
        }
      />
      {uptime.isError ? (
        <div role="alert">
          <p>{MESSAGES.list.errorTitle}</p>
          <p>{MESSAGES.list.errorBody}</p>
        </div>
      ) : uptime.data ? (
        <UptimeResults uptime={uptime.data} />
      ) : (
        <PageLoader />
      )}
    </div>
  )
}
