import { AFFECTED_PAGE_DEFAULT_SORT, type AffectedPageItem } from '@canopy/contracts'
import { Link } from 'react-router'
import styles from '@/components/area/screen.module.css'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { linkPagesPath, useLinkPages } from '../api/get-link-pages'
import { useLinkResource } from '../api/get-link-resource'
import { describeRiskType } from './malicious-links-screen'

function pageColumns(pageHref: (item: AffectedPageItem) => string): ListColumn<AffectedPageItem>[] {
  return [
    {
      id: 'entryTitle',
      label: 'Page',
      sortable: true,
      isRowHeader: true,
      render: (item) => (
        <span className={styles.pageCell}>
          <Link to={pageHref(item)}>{item.pageTitle || item.entryTitle}</Link>
          {item.pageTitle ? <span className={styles.muted}>{item.entryTitle}</span> : null}
        </span>
      ),
    },
    {
      id: 'modified',
      label: 'Last scan date',
      sortable: true,
      render: (item) => formatDate(item.sys.version?.modified),
    },
  ]
}

/** content-quality/malicious-links/:link: the pages that link to one malicious link. */
export function MaliciousLinkPagesScreen({
  siteSlug,
  sectionSlug,
  sectionId,
  linkId,
}: {
  siteSlug: string
  sectionSlug: string | null
  sectionId: string | undefined
  linkId: string
}) {
  const resource = useLinkResource(siteSlug, linkId)
  const link = resource.data?.kind === 'link' ? resource.data : null
  useDocumentTitle('Pages linking to a malicious link')
  const list = useListParams({ ...AFFECTED_PAGE_DEFAULT_SORT, sectionId })
  const pages = useLinkPages(siteSlug, linkId, list.query)
  const goBack = useGoBack()
  const at = (path: string) => sitePath(siteSlug, sectionSlug, path)
  return (
    <div className={styles.screen}>
      <BreadcrumbHeader
        title={link?.entryTitle ?? 'Malicious link'}
        crumbs={[
          { label: MESSAGES.sidebar.dashboard, href: at('') },
          { label: 'Content quality', href: at('content-quality') },
          { label: 'Malicious links', href: at('content-quality/malicious-links') },
        ]}
        fallbackHref={at('content-quality/malicious-links')}
        onBack={goBack}
      />
      {link?.riskType ? (
        <p className={styles.muted}>Listed by Web Risk as {describeRiskType(link.riskType)}</p>
      ) : null}
      <ListView
        caption="Pages that link to this link"
        captionHidden
        filterLabel="Filter pages"
        columns={pageColumns((item) => at(`pages/${encodeURIComponent(item.sys.id)}/content-quality`))}
        list={list}
        query={pages}
        getRowKey={(item) => item.sys.id}
        toolbar={
          <ExportMenu
            listPath={linkPagesPath(siteSlug, linkId)}
            query={list.query}
            fileName="pages-linking-to-a-malicious-link"
          />
        }
      />
    </div>
  )
}
