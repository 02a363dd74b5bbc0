import { AFFECTED_PAGE_DEFAULT_SORT, type AffectedPageItem, type LinkResource } from '@canopy/contracts'
import { useMemo } from 'react'
import { PageLink } from '@/components/area/page-link'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { FactList } from '@/components/ui/fact-list'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { NoticePanel, PageLoader } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { isApiError } from '@/lib/api-client'
import { formatCount, formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { pagesAffectedPath, usePagesAffectedByLink } from '../api/get-pages-affected-by-a-link'
import { useResource } from '../api/get-resource'
import { CONTENT_QUALITY_MESSAGES as TEXT } from '../labels'
import { LinkStatus } from './broken-links'
import styles from './content-quality.module.css'
import type { AreaScreenProps } from './content-quality-overview'

function affectedColumns(pageHref: (item: AffectedPageItem) => string): ListColumn<AffectedPageItem>[] {
  return [
    {
      id: 'entryTitle',
      label: 'Page',
      sortable: true,
      isRowHeader: true,
      render: (item) => <PageLink title={item.pageTitle} url={item.entryTitle} href={pageHref(item)} />,
    },
    {
      id: 'modified',
      label: 'Last scan date',
      sortable: true,
      render: (item) => formatDate(item.sys.version?.modified),
    },
  ]
}

function LinkFacts({ link }: { link: LinkResource }) {
  return (
    <FactList
      facts={[
        { term: 'HTTP status code', value: <LinkStatus link={link} /> },
        { term: 'Kind', value: link.isInternal ? 'Internal link' : 'External link' },
        { term: 'Pages linking to it', value: formatCount(link.totalCount) },
        { term: 'Date discovered', value: formatDate(link.sys.version?.created) },
        { term: 'Last checked', value: formatDate(link.checkedAt) },
        ...(link.finalUrl ? [{ term: 'Redirects to', value: link.finalUrl }] : []),
      ]}
    />
  )
}

function AffectedPages({ siteSlug, sectionSlug, sectionId, link }: AreaScreenProps & { link: LinkResource }) {
  const goBack = useGoBack()
  const at = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
  const list = useListParams({ ...AFFECTED_PAGE_DEFAULT_SORT, sectionId })
  const pages = usePagesAffectedByLink(siteSlug, link.sys.id, list.query)
  const columns = useMemo(
    () =>
      affectedColumns((item) =>
        sitePath(siteSlug, sectionSlug, `pages/${encodeURIComponent(item.sys.id)}/content-quality`),
      ),
    [siteSlug, sectionSlug],
  )
  return (
    <div className={styles.screen}>
      <BreadcrumbHeader
        title={link.entryTitle}
        crumbs={[
          { label: TEXT.title, href: at('content-quality') },
          { label: 'Broken links', href: at('content-quality/broken-links') },
        ]}
        fallbackHref={at('content-quality/broken-links')}
        onBack={goBack}
      />
      <LinkFacts link={link} />
      <section aria-labelledby="pages-affected">
        <h2 id="pages-affected">Pages affected</h2>
        <ListView
          caption="Pages affected by this link"
          captionHidden
          filterLabel={TEXT.filterPages}
          columns={columns}
          list={list}
          query={pages}
          getRowKey={(item) => item.sys.id}
          emptyMessage={TEXT.noPagesAffected}
          toolbar={
            <ExportMenu
              listPath={pagesAffectedPath(siteSlug, link.sys.id)}
              query={list.query}
              fileName="pages-affected-by-a-link"
            />
          }
        />
      </section>
    </div>
  )
}

/** content-quality/broken-links/:link: one link, what its check found, and the pages that link to it. */
export function BrokenLinkDetailScreen(props: AreaScreenProps & { linkId: string }) {
  const { linkId, ...scope } = props
  const resource = useResource(scope.siteSlug, linkId)
  useDocumentTitle(resource.data?.entryTitle ?? 'Broken link')
  if (resource.isError || resource.data?.kind === 'misspelling') {
    return isApiError(resource.error, 404) || resource.data ? (
      <NoticePanel icon="alert" tone="warning" title="Link not found" headingLevel={1}>
        <p>No link of this site has this ID.</p>
      </NoticePanel>
    ) : (
      <NoticePanel icon="alert" tone="danger" title={MESSAGES.detailError.title} headingLevel={1}>
        <p>{MESSAGES.detailError.body}</p>
      </NoticePanel>
    )
  }
  if (!resource.data) return <PageLoader />
  return <AffectedPages {...scope} link={resource.data} />
}
