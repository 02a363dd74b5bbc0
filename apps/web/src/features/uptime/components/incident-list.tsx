import type { UptimeIncident } from '@canopy/contracts'
import { type InMemoryListOptions, type ListColumn, ListView, useInMemoryList } from '@/components/ui/list'
import { formatDateTime } from '@/lib/format-values'
import { formatDuration } from '../format'

const COLUMNS: ListColumn<UptimeIncident>[] = [
  {
    id: 'startedAt',
    label: 'Started',
    sortable: true,
    isRowHeader: true,
    render: (incident) => formatDateTime(incident.startedAt),
  },
  {
    id: 'endedAt',
    label: 'Ended',
    sortable: true,
    render: (incident) => (incident.endedAt ? formatDateTime(incident.endedAt) : 'Ongoing'),
  },
  {
    id: 'durationSeconds',
    label: 'Duration',
    sortable: true,
    align: 'end',
    render: (incident) => formatDuration(incident.durationSeconds),
  },
  { id: 'cause', label: 'Cause', sortable: true, render: (incident) => incident.cause },
]

const OPTIONS: InMemoryListOptions<UptimeIncident> = {
  searchText: (incident) => incident.cause,
  sortValues: {
    startedAt: (incident) => incident.startedAt,
    // An ongoing incident sorts as the latest end.
    endedAt: (incident) => incident.endedAt ?? '9999',
    durationSeconds: (incident) => incident.durationSeconds,
    cause: (incident) => incident.cause,
  },
}

/** The period's incidents in the list pattern (filter by cause, sort, pages), latest first. */
export function IncidentList({ incidents }: { incidents: UptimeIncident[] }) {
  const { list, query } = useInMemoryList(
    incidents,
    { paramPrefix: 'incidents', sortBy: 'startedAt', sortDir: 'desc' },
    OPTIONS,
  )
  return (
    <ListView
      caption="Incidents in this period"
      captionHidden
      filterLabel="Filter incidents by cause"
      columns={COLUMNS}
      list={list}
      query={query}
      getRowKey={(incident) => incident.id}
      emptyMessage="No incidents in this period: every check found the site up."
    />
  )
}
