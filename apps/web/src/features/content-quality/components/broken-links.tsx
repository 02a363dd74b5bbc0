import { BROKEN_LINK_DEFAULT_SORT, type BrokenLinkItem, type BrokenLinkView } from '@canopy/contracts'
import { useMemo } from 'react'
import {
  Button as AriaButton,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  Tooltip,
  TooltipTrigger,
} from 'react-aria-components'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import {
  ExportMenu,
  FilterSelect,
  type ListColumn,
  type ListController,
  ListView,
  useListParams,
} from '@/components/ui/list'
import menuStyles from '@/components/ui/menu.module.css'
import { PageHeader } from '@/components/ui/notice'
import { useStoredUser } from '@/features/auth/api/stored-user'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useFeatureFlags } from '@/lib/feature-flags'
import { formatCount, formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { brokenLinksPath, useBrokenLinks } from '../api/get-broken-links'
import { describeLinkStatus, CONTENT_QUALITY_MESSAGES as TEXT } from '../labels'
import styles from './content-quality.module.css'
import type { AreaScreenProps } from './content-quality-overview'

/** The list's own filters in the URL: view (internal or external; '' = all) and the check's verdict. */
const FILTERS = { view: '', verification: '' }

const VERIFICATION_OPTIONS = [
  { id: '', label: 'Broken and could not verify' },
  { id: 'broken', label: 'Broken' },
  { id: 'unverified', label: TEXT.couldNotVerify },
] as const

/** A link's status: its code and name (or its error's words), a tooltip for a certificate, and "could not verify". */
export function LinkStatus({ link }: { link: Pick<BrokenLinkItem, 'status' | 'error' | 'isUnverified'> }) {
  const status = describeLinkStatus(link)
  return (
    <span>
      {status.tooltip ? (
        <TooltipTrigger delay={0}>
          <AriaButton className={styles.tooltipTrigger}>
            {status.text} <Icon name="info" size={16} />
          </AriaButton>
          <Tooltip className={styles.tooltip}>{status.tooltip}</Tooltip>
        </TooltipTrigger>
      ) : (
        status.text
      )}
      {link.isUnverified ? <span className={styles.tag}>{TEXT.couldNotVerify}</span> : null}
    </span>
  )
}

function linkColumns(
  detailHref: (item: BrokenLinkItem) => string,
  showPageHits: boolean,
): ListColumn<BrokenLinkItem>[] {
  const columns: ListColumn<BrokenLinkItem>[] = [
    {
      id: 'entryTitle',
      label: 'Link',
      sortable: true,
      isRowHeader: true,
      render: (item) => (
        <span className={styles.linkCell}>
          {item.entryTitle}
          <span className={styles.tag}>{item.isInternal ? 'Internal' : 'External'}</span>
        </span>
      ),
    },
    { id: 'status', label: 'HTTP status code', sortable: true, render: (item) => <LinkStatus link={item} /> },
    {
      id: 'totalCount',
      label: 'Number of occurrences',
      sortable: true,
      align: 'end',
      render: (item) => (
        <Link to={detailHref(item)}>
          {formatCount(item.totalCount)}{' '}
          <span className="visually-hidden">pages link to {item.entryTitle}</span>
        </Link>
      ),
    },
    {
      id: 'created',
      label: 'Date discovered',
      sortable: true,
      render: (item) => formatDate(item.sys.version?.created),
    },
  ]
  if (!showPageHits) return columns
  const pageHits: ListColumn<BrokenLinkItem> = {
    id: 'numberOfPageViewsInThePastMonth',
    label: 'Page hits',
    sortable: true,
    align: 'end',
    render: (item) => formatCount(item.numberOfPageViewsInThePastMonth),
  }
  return [...columns.slice(0, 3), pageHits, ...columns.slice(3)]
}

/** The 'Page actions' menu: show all, internal only or external only, kept in ?view=. */
function ViewMenu({ list }: { list: ListController }) {
  const view = list.filters.view || 'all'
  return (
    <MenuTrigger>
      <Button variant="trigger">
        {TEXT.pageActions}
        <Icon name="chevronDown" />
      </Button>
      <Popover placement="bottom end" className={menuStyles.popover}>
        <Menu
          aria-label="Links to show"
          className={menuStyles.menu}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[view]}
          onSelectionChange={(keys) => {
            const [next] = [...(keys as Set<string>)]
            list.setFilter('view', next === 'all' || next === undefined ? '' : next)
          }}
        >
          <MenuItem id="all" className={menuStyles.item}>
            {TEXT.views.all}
          </MenuItem>
          <MenuItem id="internal" className={menuStyles.item}>
            {TEXT.views.internal}
          </MenuItem>
          <MenuItem id="external" className={menuStyles.item}>
            {TEXT.views.external}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}

function emptyMessage(view: string): string {
  if (view === 'internal' || view === 'external') return TEXT.noBrokenLinks(view as BrokenLinkView)
  // The spec has no text for the 'show all' view: ours follows its wording.
  return 'No broken links were found'
}

/**
 * content-quality/broken-links: the broken links the site's pages link to and those the check could not
 * verify (a bot wall, a timeout, robots.txt), most linked first; the view (all, internal, external) in ?view=.
 */
export function BrokenLinksScreen({ siteSlug, sectionSlug, sectionId, headerActions }: AreaScreenProps) {
  useDocumentTitle('Broken links')
  const user = useStoredUser()
  const flags = useFeatureFlags(user?.isStaff ?? false, siteSlug)
  const showPageHits = flags.isActive('page-hits-table-columns')
  const list = useListParams({ ...BROKEN_LINK_DEFAULT_SORT, sectionId, filters: FILTERS })
  const links = useBrokenLinks(siteSlug, list.query)
  const columns = useMemo(
    () =>
      linkColumns(
        (item) =>
          sitePath(siteSlug, sectionSlug, `content-quality/broken-links/${encodeURIComponent(item.sys.id)}`),
        showPageHits,
      ),
    [siteSlug, sectionSlug, showPageHits],
  )
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow={TEXT.title} title="Broken links" actions={headerActions} />
      <ListView
        caption="Broken links"
        captionHidden
        filterLabel="Filter links"
        columns={columns}
        list={list}
        query={links}
        getRowKey={(item) => item.sys.id}
        emptyMessage={emptyMessage(list.filters.view ?? '')}
        toolbar={
          <>
            <FilterSelect
              label="Check result"
              value={list.filters.verification ?? ''}
              options={VERIFICATION_OPTIONS}
              onChange={(value) => list.setFilter('verification', value)}
            />
            <ViewMenu list={list} />
            <ExportMenu listPath={brokenLinksPath(siteSlug)} query={list.query} fileName="broken-links" />
          </>
        }
      />
    </div>
  )
}
