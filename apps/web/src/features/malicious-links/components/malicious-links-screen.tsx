import {
  describeThreatType,
  MALICIOUS_LINK_DEFAULT_SORT,
  type MaliciousLinkListItem,
  type SiteConfig,
} from '@canopy/contracts'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import styles from '@/components/area/screen.module.css'
import { ButtonLink } from '@/components/ui/button'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { NoticePanel, PageHeader } from '@/components/ui/notice'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { maliciousLinksPath, useMaliciousLinks } from '../api/get-malicious-links'

/** 'MALWARE, SOCIAL_ENGINEERING' → 'Malware, Social engineering'. */
export const describeRiskType = (riskType: string) =>
  riskType
    .split(',')
    .map((type) => describeThreatType(type.trim()))
    .join(', ')

function linkColumns(
  detailHref: (item: MaliciousLinkListItem) => string,
): ListColumn<MaliciousLinkListItem>[] {
  return [
    {
      id: 'entryTitle',
      label: 'Link',
      sortable: true,
      isRowHeader: true,
      render: (item) => <span className={styles.pageCell}>{item.entryTitle}</span>,
    },
    { id: 'webRiskType', label: 'Type', sortable: true, render: (item) => describeRiskType(item.riskType) },
    {
      id: 'totalCount',
      label: 'Occurrences',
      sortable: true,
      align: 'end',
      render: (item) => (
        <Link
          to={detailHref(item)}
          aria-label={`${formatCount(item.totalCount)} pages link to ${item.entryTitle}`}
        >
          {formatCount(item.totalCount)}
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
}

/** Without the web-risk integration nothing is checked: the screen points to the integrations settings. */
function IntegrationPrompt({ settingsHref }: { settingsHref: string }) {
  return (
    <NoticePanel icon="info" title="Turn on the web-risk check to find malicious links">
      <p>
        Links on your pages are checked against Google Web Risk's lists of malware, social engineering and
        unwanted software once the web-risk integration is enabled with an API key.
      </p>
      <ButtonLink href={settingsHref}>Go to integrations</ButtonLink>
    </NoticePanel>
  )
}

/** content-quality/malicious-links: the links Web Risk lists, A to Z, or the prompt to turn the check on. */
export function MaliciousLinksScreen({
  site,
  siteSlug,
  sectionSlug,
  sectionId,
  headerActions,
}: {
  site: SiteConfig
  siteSlug: string
  sectionSlug: string | null
  sectionId: string | undefined
  headerActions?: ReactNode
}) {
  useDocumentTitle('Malicious links')
  const enabled = site.webRiskIntegration.enabled
  const list = useListParams({ ...MALICIOUS_LINK_DEFAULT_SORT, sectionId })
  const links = useMaliciousLinks(siteSlug, list.query, enabled)
  const at = (path: string) => sitePath(siteSlug, sectionSlug, path)
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="Content quality" title="Malicious links" actions={headerActions} />
      {enabled ? (
        <ListView
          caption="Links listed as malicious"
          captionHidden
          filterLabel="Filter malicious links"
          columns={linkColumns((item) =>
            at(`content-quality/malicious-links/${encodeURIComponent(item.sys.id)}`),
          )}
          list={list}
          query={links}
          getRowKey={(item) => item.sys.id}
          emptyMessage="No malicious links were found"
          toolbar={
            <ExportMenu
              listPath={maliciousLinksPath(siteSlug)}
              query={list.query}
              fileName="malicious-links"
            />
          }
        />
      ) : (
        <IntegrationPrompt settingsHref={`/site/${encodeURIComponent(siteSlug)}/settings/integrations`} />
      )}
    </div>
  )
}
