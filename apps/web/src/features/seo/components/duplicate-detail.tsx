import { type DuplicateGroupDetail, SEO_PAGE_DEFAULT_SORT, type SeoPageItem } from '@canopy/contracts'
import { useMemo } from 'react'
import styles from '@/components/area/area.module.css'
import { PageLink } from '@/components/area/page-link'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { FactList } from '@/components/ui/fact-list'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { NoticePanel, PageLoader } from '@/components/ui/notice'
import { ScoreBadge } from '@/components/ui/score-card'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { isApiError } from '@/lib/api-client'
import { formatDate, plural } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useDuplicateGroup } from '../api/get-duplicate-group'
import { duplicatePagesPath, useDuplicatePages } from '../api/get-duplicate-pages'
import { DUPLICATE_KIND_LABELS } from '../labels'
import type { SeoScreenProps } from './seo-overview'

/** The page, then what the group shares: its title, description or the start of its text. */
function pageColumns(
  group: DuplicateGroupDetail,
  pageHref: (item: SeoPageItem) => string,
): ListColumn<SeoPageItem>[] {
  const shared: ListColumn<SeoPageItem> =
    group.kind === 'description'
      ? {
          id: 'metaDescription',
          label: 'Meta description',
          render: (item) => <span className={styles.prose}>{item.metaDescription ?? ''}</span>,
        }
      : group.kind === 'content'
        ? {
            id: 'contentExcerpt',
            label: 'Main text',
            render: (item) => <span className={styles.prose}>{item.contentExcerpt ?? ''}</span>,
          }
        : { id: 'pageTitle', label: 'Title', sortable: true, render: (item) => item.pageTitle ?? '' }
  return [
    {
      id: 'entryTitle',
      label: 'Page',
      sortable: true,
      isRowHeader: true,
      render: (item) => <PageLink title={null} url={item.entryTitle} href={pageHref(item)} />,
    },
    shared,
    {
      id: 'seoScore',
      label: 'SEO score',
      sortable: true,
      render: (item) => <ScoreBadge score={item.seoScore} />,
    },
    {
      id: 'modified',
      label: 'Last scanned',
      sortable: true,
      render: (item) => formatDate(item.sys.version?.modified),
    },
  ]
}

/** seo/duplicate-content/:dupeId: what one group's pages share, how alike they are, and the pages. */
export function DuplicateDetailScreen({
  siteSlug,
  sectionSlug,
  sectionId,
  dupeId,
}: SeoScreenProps & { dupeId: string }) {
  const group = useDuplicateGroup(siteSlug, dupeId, { sectionId })
  useDocumentTitle(
    group.data ? `Duplicate ${DUPLICATE_KIND_LABELS[group.data.kind].toLowerCase()}` : 'Duplicate content',
  )
  if (group.isError) {
    return isApiError(group.error, 404) ? (
      <NoticePanel icon="alert" tone="warning" title="Duplicate not found" headingLevel={1}>
        <p>This duplicate is no longer found on the site: the last scan may have cleared it.</p>
      </NoticePanel>
    ) : (
      <NoticePanel icon="alert" tone="danger" title={MESSAGES.detailError.title} headingLevel={1}>
        <p>{MESSAGES.detailError.body}</p>
      </NoticePanel>
    )
  }
  if (!group.data) return <PageLoader />
  return (
    <DuplicateDetailView
      group={group.data}
      siteSlug={siteSlug}
      sectionSlug={sectionSlug}
      sectionId={sectionId}
      dupeId={dupeId}
    />
  )
}

function DuplicateDetailView({
  group,
  siteSlug,
  sectionSlug,
  sectionId,
  dupeId,
}: SeoScreenProps & { group: DuplicateGroupDetail; dupeId: string }) {
  const goBack = useGoBack()
  const at = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
  const list = useListParams({ ...SEO_PAGE_DEFAULT_SORT, sectionId })
  const pages = useDuplicatePages(siteSlug, dupeId, list.query)
  const columns = useMemo(
    () =>
      pageColumns(group, (item) =>
        sitePath(siteSlug, sectionSlug, `pages/${encodeURIComponent(item.sys.id)}/seo`),
      ),
    [group, siteSlug, sectionSlug],
  )
  const kind = DUPLICATE_KIND_LABELS[group.kind]
  return (
    <div className={styles.screen}>
      <BreadcrumbHeader
        title={`Duplicate ${kind.toLowerCase()}`}
        crumbs={[
          { label: MESSAGES.sidebar.dashboard, href: at('') },
          { label: 'SEO', href: at('seo') },
          { label: 'Duplicate content', href: at('seo/duplicate-content') },
        ]}
        fallbackHref={at('seo/duplicate-content')}
        onBack={goBack}
      />
      <FactList
        facts={[
          { term: group.kind === 'content' ? 'Text shared' : `${kind} shared`, value: group.entryTitle },
          { term: 'Pages', value: plural(group.totalCount, 'page') },
          ...(sectionId ? [{ term: 'In this section', value: plural(group.pagesInScope, 'page') }] : []),
          { term: 'Similarity', value: `${group.similarity}%` },
          { term: 'Found', value: formatDate(group.sys.version?.created) },
        ]}
      />
      <section aria-labelledby="duplicate-pages">
        <h2 id="duplicate-pages">Pages sharing it</h2>
        <ListView
          caption="Pages sharing this duplicate"
          captionHidden
          filterLabel="Filter pages"
          columns={columns}
          list={list}
          query={pages}
          getRowKey={(item) => item.sys.id}
          toolbar={
            <ExportMenu
              listPath={duplicatePagesPath(siteSlug, dupeId)}
              query={list.query}
              fileName={`seo-duplicate-${group.kind}`}
            />
          }
        />
      </section>
    </div>
  )
}
