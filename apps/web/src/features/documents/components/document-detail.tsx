import { DOCUMENT_TABS, type DocumentCheck, type DocumentDetail, type DocumentTab } from '@canopy/contracts'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { Link } from 'react-router'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { FactList } from '@/components/ui/fact-list'
import { Icon } from '@/components/ui/icon'
import { NoticePanel, PageLoader } from '@/components/ui/notice'
import { ScoreBadge, ScoreCard } from '@/components/ui/score-card'
import tabStyles from '@/components/ui/tabs.module.css'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { formatCount, formatDate, formatDateTime, formatFileSize } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useDocument } from '../api/get-document'
import styles from './document-detail.module.css'

const TAB_LABELS: Record<DocumentTab, string> = {
  overview: 'Overview',
  accessibility: 'Accessibility',
  pages: 'Linked from',
}

/** The tab a URL names; an unknown tab id is the overview. */
export function readDocumentTab(tabId: string | undefined): DocumentTab {
  return DOCUMENT_TABS.find((tab) => tab === tabId) ?? 'overview'
}

const KIND_LABELS: Record<DocumentDetail['kind'], string> = {
  pdf: 'PDF',
  doc: 'Word document',
  spreadsheet: 'Spreadsheet',
  powerpoint: 'PowerPoint',
  archive: 'Archive',
  media: 'Media',
}

/** An image-only scan is not machine readable: assistive technology cannot read its text. */
function describeScanned(isScanned: boolean | null): string {
  if (isScanned === null) return 'Not checked'
  return isScanned ? 'Scanned image: not machine readable' : 'Machine readable'
}

function DocumentFacts({ document }: { document: DocumentDetail }) {
  const facts = [
    { term: 'Type', value: KIND_LABELS[document.kind] },
    { term: 'Address', value: document.uri },
    { term: 'Author', value: document.author ?? '' },
    { term: 'Created', value: formatDate(document.created) },
    { term: 'Modified', value: formatDate(document.modified) },
    { term: 'Size', value: formatFileSize(document.size) },
    { term: 'Pages', value: document.pageCount === null ? '' : formatCount(document.pageCount) },
    { term: 'Language', value: document.language ?? '' },
    { term: 'Text', value: document.kind === 'pdf' ? describeScanned(document.isScanned) : '' },
    { term: 'Last checked', value: formatDateTime(document.checkedAt) },
  ]
  return <FactList facts={facts} />
}

function CheckOutcome({ check }: { check: DocumentCheck }) {
  if (check.passed === null) {
    return (
      <span className={styles.unknown}>
        <Icon name="info" /> <span className="visually-hidden">Could not be checked</span>
      </span>
    )
  }
  return check.passed ? (
    <span className={styles.passed}>
      <Icon name="check" /> <span className="visually-hidden">Passed</span>
    </span>
  ) : (
    <span className={styles.failed}>
      <Icon name="alert" /> <span className="visually-hidden">Failed</span>
    </span>
  )
}

function DocumentChecks({ document }: { document: DocumentDetail }) {
  return (
    <>
      <div className={styles.score}>
        <ScoreCard title="Accessibility score" score={document.accessibilityScore} />
      </div>
      {document.checks.length === 0 ? (
        <p>This document has no accessibility checks: only PDFs are checked.</p>
      ) : (
        <ul className={styles.checks} aria-label="Accessibility checks">
          {document.checks.map((check) => (
            <li key={check.id} className={styles.check}>
              <CheckOutcome check={check} />
              <h3>{check.title}</h3>
              <p>{check.description}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function LinkingPages({
  document,
  pageHref,
}: {
  document: DocumentDetail
  pageHref: (pageId: string) => string
}) {
  const more = document.totalCount - document.pages.length
  return (
    <>
      <p>
        {formatCount(document.totalCount)} {document.totalCount === 1 ? 'page links' : 'pages link'} to this
        document.
      </p>
      <ul className={styles.pages}>
        {document.pages.map((page) => (
          <li key={page.sys.id}>
            <Link to={pageHref(page.sys.id)}>{page.pageTitle || page.entryTitle}</Link>
            {page.pageTitle ? <span className={styles.url}>{page.entryTitle}</span> : null}
          </li>
        ))}
      </ul>
      {more > 0 ? <p>And {formatCount(more)} more.</p> : null}
    </>
  )
}

export type DocumentDetailScreenProps = {
  siteSlug: string
  sectionSlug: string | null
  documentId: string
  tab: DocumentTab
  onTabChange: (tab: DocumentTab) => void
}

/** documents/:documentId/:tabId: a document the site links to, its accessibility checks and linking pages. */
export function DocumentDetailScreen(props: DocumentDetailScreenProps) {
  const document = useDocument(props.siteSlug, props.documentId)
  useDocumentTitle(document.data ? document.data.documentTitle : 'Document')
  if (document.isError) {
    return (
      <NoticePanel icon="alert" tone="danger" title={MESSAGES.detailError.title} headingLevel={1}>
        <p>{MESSAGES.detailError.body}</p>
      </NoticePanel>
    )
  }
  if (!document.data) return <PageLoader />
  return <DocumentDetailView {...props} document={document.data} />
}

function DocumentDetailView({
  document,
  siteSlug,
  sectionSlug,
  tab,
  onTabChange,
}: DocumentDetailScreenProps & { document: DocumentDetail }) {
  const goBack = useGoBack()
  const at = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
  const listHref = at(document.kind === 'pdf' ? 'accessibility/pdfs' : 'inventory/documents')
  return (
    <div className={styles.screen}>
      <BreadcrumbHeader
        title={document.documentTitle}
        url={document.uri}
        crumbs={[
          { label: MESSAGES.sidebar.dashboard, href: at('') },
          { label: document.kind === 'pdf' ? 'PDFs' : 'Documents', href: listHref },
        ]}
        fallbackHref={listHref}
        onBack={goBack}
      />
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => onTabChange(key as DocumentTab)}
        className={tabStyles.tabs}
      >
        <TabList aria-label="Document" className={tabStyles.tabList}>
          {DOCUMENT_TABS.map((id) => (
            <Tab key={id} id={id} className={tabStyles.tab}>
              <span>{TAB_LABELS[id]}</span>
              {id === 'accessibility' && document.kind === 'pdf' ? (
                <ScoreBadge score={document.accessibilityScore} />
              ) : null}
            </Tab>
          ))}
        </TabList>
        {DOCUMENT_TABS.map((id) => (
          <TabPanel key={id} id={id} className={`${tabStyles.tabPanel} ${styles.panel}`}>
            <h2 className="visually-hidden">{TAB_LABELS[id]}</h2>
            {id === 'overview' ? <DocumentFacts document={document} /> : null}
            {id === 'accessibility' ? <DocumentChecks document={document} /> : null}
            {id === 'pages' ? (
              <LinkingPages
                document={document}
                pageHref={(pageId) => at(`pages/${encodeURIComponent(pageId)}/overview`)}
              />
            ) : null}
          </TabPanel>
        ))}
      </Tabs>
    </div>
  )
}
