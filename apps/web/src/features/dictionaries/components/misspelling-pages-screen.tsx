import { AFFECTED_PAGE_DEFAULT_SORT, type AffectedPageItem, type SiteConfig } from '@canopy/contracts'
import { Link } from 'react-router'
import screenStyles from '@/components/area/screen.module.css'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { StatusMessage } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { formatCount, formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { compareVersions } from '@/lib/version'
import { misspellingPagesPath, useMisspellingPages } from '../api/get-misspelling-pages'
import { useMisspellingResource } from '../api/get-resource'
import { DICTIONARY_TEXT, languageName } from '../labels'

/** Sites on product versions up to this one stored no pages per misspelling: their next scan will. */
const PAGES_PER_MISSPELLING_SINCE = '1.8.2'

function pageColumns(pageHref: (item: AffectedPageItem) => string): ListColumn<AffectedPageItem>[] {
  return [
    {
      id: 'entryTitle',
      label: 'Page',
      sortable: true,
      isRowHeader: true,
      render: (item) => (
        <span className={screenStyles.pageCell}>
          <Link to={pageHref(item)}>{item.pageTitle || item.entryTitle}</Link>
          {item.pageTitle ? <span className={screenStyles.muted}>{item.entryTitle}</span> : null}
        </span>
      ),
    },
    {
      id: 'occurrences',
      label: 'Occurrences',
      align: 'end',
      render: (item) => formatCount(item.occurrences),
    },
    {
      id: 'modified',
      label: 'Last scan date',
      sortable: true,
      render: (item) => formatDate(item.sys.version?.modified),
    },
  ]
}

/** content-quality/misspellings/:misspellingId: the pages a misspelt word is on. */
export function MisspellingPagesScreen({
  site,
  siteSlug,
  sectionSlug,
  sectionId,
  misspellingId,
}: {
  site: SiteConfig
  siteSlug: string
  sectionSlug: string | null
  sectionId: string | undefined
  misspellingId: string
}) {
  const resource = useMisspellingResource(siteSlug, misspellingId)
  const word = resource.data?.kind === 'misspelling' ? resource.data.entryTitle : ''
  useDocumentTitle(word ? `Pages with "${word}"` : 'Pages affected by a misspelling')
  const list = useListParams({ ...AFFECTED_PAGE_DEFAULT_SORT, sectionId })
  const pages = useMisspellingPages(siteSlug, misspellingId, list.query)
  const goBack = useGoBack()
  const at = (path: string) => sitePath(siteSlug, sectionSlug, path)
  const oldVersion = compareVersions(site.productVersion, PAGES_PER_MISSPELLING_SINCE) <= 0
  const notYet = oldVersion && pages.data?.totalCount === 0 && !list.query.search
  return (
    <div className={screenStyles.screen}>
      <BreadcrumbHeader
        title={word || 'Misspelling'}
        crumbs={[
          { label: MESSAGES.sidebar.dashboard, href: at('') },
          { label: 'Content quality', href: at('content-quality') },
          { label: 'Misspellings', href: at('content-quality/misspellings') },
        ]}
        fallbackHref={at('content-quality/misspellings')}
        onBack={goBack}
      />
      {resource.data?.kind === 'misspelling' ? (
        <p className={screenStyles.muted}>
          {languageName(resource.data.language)} · found on {formatCount(resource.data.totalCount)} pages
        </p>
      ) : null}
      {notYet ? (
        <StatusMessage title={DICTIONARY_TEXT.availableAfterNextScan} />
      ) : (
        <ListView
          caption={`Pages with the misspelling ${word}`}
          captionHidden
          filterLabel="Filter pages"
          columns={pageColumns((item) => at(`pages/${encodeURIComponent(item.sys.id)}/content-quality`))}
          list={list}
          query={pages}
          getRowKey={(item) => item.sys.id}
          toolbar={
            <ExportMenu
              listPath={misspellingPagesPath(siteSlug, misspellingId)}
              query={list.query}
              fileName="pages-affected-by-a-misspelling"
            />
          }
        />
      )}
    </div>
  )
}
