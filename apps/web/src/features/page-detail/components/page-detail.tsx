import {
  DEFAULT_PAGE_TAB,
  PAGE_TABS,
  type PageDetail,
  type PageTab,
  type WcagTarget,
} from '@canopy/contracts'
import { type ReactNode, useCallback, useState } from 'react'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { PageInventoryLists } from '@/components/page-inventory/page-inventory'
import { type HighlightRequest, PageRenderer } from '@/components/page-renderer/page-renderer'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { NoticePanel, PageLoader } from '@/components/ui/notice'
import { ScoreBadge } from '@/components/ui/score-card'
import tabStyles from '@/components/ui/tabs.module.css'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { useMediaQuery } from '@/hooks/use-media-query'
import { sitePath } from '@/lib/site-paths'
import { usePage } from '../api/get-page'
import { pageSnapshotUrl } from '../api/page-artifact-urls'
import { type CategoryTab, categoryData, isCategoryTab } from '../audit-page-data'
import {
  CATEGORY_LABELS,
  type HighlightTarget,
  PageAudits,
  type RenderPageAudits,
  type RenderTicket,
} from './page-audits'
import styles from './page-detail.module.css'
import { PageMetadata } from './page-metadata'
import { PageMisspellings } from './page-misspellings'
import { PageOverview } from './page-overview'
import { PageRescan } from './page-rescan'

const TAB_LABELS: Record<PageTab, string> = {
  overview: 'Overview',
  ...CATEGORY_LABELS,
  inventory: 'Inventory',
  metadata: 'Metadata',
}

/** The tab a URL names; an unknown tab id is the default tab. */
export function readPageTab(tabId: string | undefined): PageTab {
  return PAGE_TABS.find((tab) => tab === tabId) ?? DEFAULT_PAGE_TAB
}

export type PageDetailScreenProps = {
  siteSlug: string
  sectionSlug: string | null
  pageId: string
  tab: PageTab
  onTabChange: (tab: PageTab) => void
  /** site admins may rescan the page */
  canRescan: boolean
  /** editors and admins may assign the page's issues */
  canAssign?: boolean
  /** the site's WCAG target, which the accessibility tab splits failures and advice by */
  wcagTarget?: WcagTarget
  /** who may confirm or dismiss a result that needs review */
  canReview?: boolean
  renderAudits: RenderPageAudits
  renderTicket?: RenderTicket
  /** the page's views from web analytics, shown on its overview (composed by the app) */
  renderPageViews?: (pageId: string) => ReactNode
}

/**
 * pages/:pageId/:tabId: one page of the site by tab (overview, the four categories, inventory, metadata),
 * under a breadcrumb header with the Rescan page control; the category tabs sit beside the page renderer.
 */
export function PageDetailScreen(props: PageDetailScreenProps) {
  const page = usePage(props.siteSlug, props.pageId)
  useDocumentTitle(page.data ? (page.data.pageTitle ?? page.data.entryTitle) : 'Page')
  if (page.isError) {
    return (
      <NoticePanel icon="alert" tone="danger" title={MESSAGES.detailError.title} headingLevel={1}>
        <p>{MESSAGES.detailError.body}</p>
      </NoticePanel>
    )
  }
  if (!page.data) return <PageLoader />
  return <PageDetailView {...props} page={page.data} />
}

/** The page renderer's state: shown or hidden, and the audit node to highlight in it. */
function useRendererHighlight() {
  const [isRendererShown, setRendererShown] = useState(true)
  const [highlight, setHighlight] = useState<HighlightRequest | null>(null)
  const onHighlightNode = useCallback((node: HighlightTarget) => {
    if (!node.selector) return
    setRendererShown(true)
    setHighlight((previous) => ({
      selector: node.selector ?? '',
      label: node.nodeLabel ?? node.selector ?? '',
      key: (previous?.key ?? 0) + 1,
    }))
  }, [])
  return { isRendererShown, setRendererShown, highlight, onHighlightNode }
}

type PageTabsProps = Pick<
  PageDetailScreenProps,
  | 'siteSlug'
  | 'sectionSlug'
  | 'tab'
  | 'onTabChange'
  | 'renderAudits'
  | 'renderTicket'
  | 'canAssign'
  | 'wcagTarget'
  | 'canReview'
  | 'renderPageViews'
> & { page: PageDetail; onHighlightNode: (node: HighlightTarget) => void }

/** The tab list (category tabs with their scores) and the selected tab's panel. */
function PageTabs({
  page,
  siteSlug,
  sectionSlug,
  tab,
  onTabChange,
  renderAudits,
  renderTicket,
  onHighlightNode,
  canAssign = false,
  wcagTarget,
  canReview = false,
  renderPageViews,
}: PageTabsProps) {
  const templateHref = useCallback(
    (issueId: string, signature: string) =>
      `${sitePath(siteSlug, sectionSlug, `accessibility/issues/${encodeURIComponent(issueId)}`)}?template=${signature}`,
    [siteSlug, sectionSlug],
  )
  return (
    <Tabs
      selectedKey={tab}
      onSelectionChange={(key) => onTabChange(key as PageTab)}
      className={tabStyles.tabs}
    >
      <TabList aria-label="Page results" className={tabStyles.tabList}>
        {PAGE_TABS.map((id) => (
          <Tab key={id} id={id} className={tabStyles.tab}>
            <span>{TAB_LABELS[id]}</span>
            {isCategoryTab(id) ? <ScoreBadge score={categoryData(page, id).score} /> : null}
          </Tab>
        ))}
      </TabList>
      {PAGE_TABS.map((id) => (
        <TabPanel key={id} id={id} className={tabStyles.tabPanel}>
          <h2 className="visually-hidden">{TAB_LABELS[id]}</h2>
          {id === 'overview' ? (
            <PageOverview page={page} siteSlug={siteSlug} pageViews={renderPageViews?.(page.sys.id)} />
          ) : null}
          {isCategoryTab(id) ? (
            <PageAudits
              page={page}
              tab={id as CategoryTab}
              siteSlug={siteSlug}
              renderAudits={renderAudits}
              onHighlightNode={onHighlightNode}
              templateHref={id === 'accessibility' ? templateHref : undefined}
              duplicateContentHref={
                id === 'seo' ? sitePath(siteSlug, sectionSlug, 'seo/duplicate-content') : undefined
              }
              renderTicket={renderTicket}
              canAssign={canAssign}
              wcagTarget={wcagTarget}
              canReview={canReview}
            />
          ) : null}
          {id === 'content-quality' ? <PageMisspellings siteSlug={siteSlug} pageId={page.sys.id} /> : null}
          {id === 'inventory' ? <PageInventoryLists inventory={page.inventory} headingLevel={3} /> : null}
          {id === 'metadata' ? (
            <PageMetadata
              metadata={page.metadata}
              duplicateContentHref={sitePath(siteSlug, sectionSlug, 'seo/duplicate-content')}
            />
          ) : null}
        </TabPanel>
      ))}
    </Tabs>
  )
}

function PageDetailView(props: PageDetailScreenProps & { page: PageDetail }) {
  const { page, siteSlug, sectionSlug, tab, canRescan } = props
  const goBack = useGoBack()
  const isWide = useMediaQuery('(min-width: 1200px)')
  const renderer = useRendererHighlight()
  const showsRenderer = isCategoryTab(tab)
  const at = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
  const besideRenderer = isWide && showsRenderer && renderer.isRendererShown
  return (
    <div className={styles.screen}>
      <BreadcrumbHeader
        title={page.pageTitle ?? page.entryTitle}
        url={page.url}
        crumbs={[
          { label: MESSAGES.sidebar.dashboard, href: at('') },
          { label: 'Accessibility pages', href: at('accessibility/pages') },
        ]}
        fallbackHref={at('accessibility/pages')}
        onBack={goBack}
        actions={canRescan ? <PageRescan siteSlug={siteSlug} page={page} /> : null}
      />
      <div className={`${styles.result} ${besideRenderer ? styles.withRenderer : ''}`}>
        <PageTabs {...props} onHighlightNode={renderer.onHighlightNode} />
        {showsRenderer ? (
          <PageRenderer
            snapshotUrl={page.hasSnapshot ? pageSnapshotUrl(siteSlug, page.sys.id) : null}
            pageUrl={page.url}
            isShown={renderer.isRendererShown}
            onShownChange={renderer.setRendererShown}
            highlight={renderer.highlight}
          />
        ) : null}
      </div>
    </div>
  )
}
