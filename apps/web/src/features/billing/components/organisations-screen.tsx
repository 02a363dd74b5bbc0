import type { OrganisationListItem } from '@canopy/contracts'
import screenStyles from '@/components/area/screen.module.css'
import { AppLink } from '@/components/ui/app-link'
import { type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatDate } from '@/lib/format-values'
import { useOrganisationList } from '../api/organisations'
import { BILLING_TEXT, billingPath, pagesPerScan, STATUS_LABELS, SUB_TYPE_LABELS } from '../labels'

const TEXT = BILLING_TEXT

/** The plan, and the tier bought with where its payment stands: 'Plus: 1,000 pages per scan (Active)'. */
function describeSubscription(item: OrganisationListItem): string {
  const plan = SUB_TYPE_LABELS[item.subType]
  if (!item.subscription) return plan
  const { scanLimit, status } = item.subscription
  return `${plan}: ${pagesPerScan(scanLimit)} (${STATUS_LABELS[status]})`
}

const COLUMNS: ListColumn<OrganisationListItem>[] = [
  {
    id: 'entryTitle',
    label: TEXT.columns.organisation,
    sortable: true,
    isRowHeader: true,
    render: (item) => <AppLink href={billingPath(item.sys.slug)}>{item.entryTitle}</AppLink>,
  },
  { id: 'subscription', label: TEXT.columns.subscription, sortable: true, render: describeSubscription },
  {
    id: 'accountType',
    label: TEXT.columns.accountType,
    sortable: true,
    render: (item) => (item.isBusinessOrOrganisation ? TEXT.organisation : TEXT.individual),
  },
  {
    id: 'created',
    label: TEXT.columns.created,
    sortable: true,
    render: (item) => formatDate(item.sys.version.created),
  },
]

/** /billing: the organisations the user administers (staff: all), each leading to its billing. */
export function OrganisationsScreen() {
  useDocumentTitle(TEXT.title)
  const list = useListParams({ sortBy: 'entryTitle', sortDir: 'asc' })
  const organisations = useOrganisationList(list.query)
  return (
    <div className={screenStyles.screen}>
      <PageHeader title={TEXT.title} />
      <ListView
        caption={TEXT.listCaption}
        filterLabel={TEXT.filter}
        columns={COLUMNS}
        list={list}
        query={organisations}
        getRowKey={(item) => item.sys.id}
        emptyMessage={TEXT.noneFound}
        errorTitle={TEXT.listFailed}
      />
    </div>
  )
}
