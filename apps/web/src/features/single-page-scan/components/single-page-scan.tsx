import type {
  AuditGroups,
  CategoryResult,
  SinglePageScanRequest,
  SinglePageScanResult,
} from '@canopy/contracts'
import { type FormEvent, type ReactNode, useCallback, useState } from 'react'
import { Form, Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { PageInventoryLists } from '@/components/page-inventory/page-inventory'
import { type HighlightRequest, PageRenderer } from '@/components/page-renderer/page-renderer'
import { Button } from '@/components/ui/button'
import { InlineAlert, NoticePanel, PageHeader } from '@/components/ui/notice'
import { ScoreBadge, ScoreCard } from '@/components/ui/score-card'
import tabStyles from '@/components/ui/tabs.module.css'
import { TextField } from '@/components/ui/text-field'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useMediaQuery } from '@/hooks/use-media-query'
import { singlePageScanElementScreenshotUrl, singlePageScanSnapshotUrl } from '../api/scan-artifact-urls'
import { useSinglePageScan } from '../api/use-single-page-scan'
import { ScanWaiting } from './scan-waiting'
import styles from './single-page-scan.module.css'

/** The tab ids, in the order the tabs show; an unknown id falls back to the first. */
export const SCAN_TABS = [
  { id: 'accessibility', label: 'Accessibility' },
  { id: 'seo', label: 'SEO' },
  { id: 'performance', label: 'Performance' },
  { id: 'inventory', label: 'Inventory' },
  { id: 'contentquality', label: 'Content quality' },
] as const
export type ScanTabId = (typeof SCAN_TABS)[number]['id']
export const DEFAULT_SCAN_TAB: ScanTabId = 'accessibility'

export type HighlightTarget = { selector?: string; nodeLabel?: string }

export type RenderAudits = (props: {
  audits: AuditGroups
  kind: 'standard' | 'performance'
  onHighlightNode: (node: HighlightTarget) => void
  /** the URL the API serves a node's stored element screenshot at */
  elementScreenshotUrl: (screenshotPath: string) => string | undefined
}) => ReactNode

type CategoryTabId = Exclude<ScanTabId, 'inventory'>

function categoryOf(result: SinglePageScanResult, tab: ScanTabId): CategoryResult | undefined {
  if (tab === 'inventory') return undefined
  return (result as Partial<Record<CategoryTabId, CategoryResult>>)[tab]
}

/** A tab shows when the result has its part: results stored before the inventory existed have none. */
function hasTab(result: SinglePageScanResult, tab: ScanTabId): boolean {
  return tab === 'inventory' ? Boolean(result.inventory) : Boolean(categoryOf(result, tab))
}

function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

function PageUrlForm() {
  const navigate = useNavigate()
  const [pageUrl, setPageUrl] = useState('')
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    navigate(`/single-page-scan/${DEFAULT_SCAN_TAB}?uri=${encodeURIComponent(pageUrl.trim())}`)
  }
  return (
    <Form onSubmit={submit} className={styles.urlForm}>
      <TextField
        label={MESSAGES.sidebar.pageUrl}
        name="uri"
        inputMode="url"
        autoComplete="url"
        isRequired
        value={pageUrl}
        onChange={setPageUrl}
        validate={(value) => (isWebAddress(value.trim()) ? null : MESSAGES.singlePageScan.pageUrlRequired)}
      />
      <Button type="submit">{MESSAGES.sidebar.submit}</Button>
    </Form>
  )
}

function ScanResult({
  scanId,
  result,
  tab,
  onTabChange,
  renderAudits,
}: {
  scanId: string
  result: SinglePageScanResult
  tab: ScanTabId
  onTabChange: (tab: ScanTabId) => void
  renderAudits: RenderAudits
}) {
  const isWide = useMediaQuery('(min-width: 1200px)')
  const [isRendererShown, setRendererShown] = useState(true)
  const [highlight, setHighlight] = useState<HighlightRequest | null>(null)
  const tabs = SCAN_TABS.filter((candidate) => hasTab(result, candidate.id))
  const selected = tabs.some((candidate) => candidate.id === tab) ? tab : DEFAULT_SCAN_TAB
  const elementScreenshotUrl = useCallback(
    (screenshotPath: string) => singlePageScanElementScreenshotUrl(scanId, screenshotPath),
    [scanId],
  )

  const onHighlightNode = useCallback((node: HighlightTarget) => {
    if (!node.selector) return
    setRendererShown(true)
    setHighlight((previous) => ({
      selector: node.selector ?? '',
      label: node.nodeLabel ?? node.selector ?? '',
      key: (previous?.key ?? 0) + 1,
    }))
  }, [])

  return (
    <div className={`${styles.result} ${isWide && isRendererShown ? styles.resultWithRenderer : ''}`}>
      <Tabs
        selectedKey={selected}
        onSelectionChange={(key) => onTabChange(key as ScanTabId)}
        className={tabStyles.tabs}
      >
        <TabList aria-label="Scan results" className={tabStyles.tabList}>
          {tabs.map(({ id, label }) => (
            <Tab key={id} id={id} className={tabStyles.tab}>
              <span>{label}</span>
              {id === 'inventory' ? null : <ScoreBadge score={categoryOf(result, id)?.score} />}
            </Tab>
          ))}
        </TabList>
        {tabs.map(({ id, label }) => {
          if (id === 'inventory') {
            return result.inventory ? (
              <TabPanel key={id} id={id} className={tabStyles.tabPanel}>
                <h2 className="visually-hidden">{label}</h2>
                <PageInventoryLists inventory={result.inventory} headingLevel={3} />
              </TabPanel>
            ) : null
          }
          const category = categoryOf(result, id)
          if (!category) return null
          return (
            <TabPanel key={id} id={id} className={tabStyles.tabPanel}>
              <h2 className="visually-hidden">{label}</h2>
              <div className={styles.score}>
                <ScoreCard title={`${label} score`} score={category.score} />
              </div>
              {renderAudits({
                audits: category.audits,
                kind: id === 'performance' ? 'performance' : 'standard',
                onHighlightNode,
                elementScreenshotUrl,
              })}
            </TabPanel>
          )
        })}
      </Tabs>
      <PageRenderer
        snapshotUrl={singlePageScanSnapshotUrl(scanId)}
        pageUrl={result.url}
        isShown={isRendererShown}
        onShownChange={setRendererShown}
        highlight={highlight}
      />
    </div>
  )
}

/**
 * /single-page-scan/:tabId?uri=: starts the scan, shows the queue while it waits, then the
 * results by category beside the page renderer. The audits are drawn by the renderer the app passes in.
 */
export function SinglePageScanScreen({ renderAudits }: { renderAudits: RenderAudits }) {
  const [search] = useSearchParams()
  const { tabId } = useParams()
  const navigate = useNavigate()
  const uri = (search.get('uri') ?? '').trim()
  useDocumentTitle(MESSAGES.singlePageScan.title)
  const tab = SCAN_TABS.some((candidate) => candidate.id === tabId) ? (tabId as ScanTabId) : DEFAULT_SCAN_TAB
  const onTabChange = (next: ScanTabId) =>
    navigate({ pathname: `/single-page-scan/${next}`, search: search.toString() }, { replace: true })

  return (
    <div className={styles.screen}>
      <PageHeader title={MESSAGES.singlePageScan.title} subtitle={uri || undefined} />
      {isWebAddress(uri) ? (
        <ScanFlow
          request={{
            uri,
            useSocket: true,
            config: search.get('config') ?? undefined,
            hash: search.get('hash') ?? undefined,
            version: search.get('version') ?? undefined,
          }}
          tab={tab}
          onTabChange={onTabChange}
          renderAudits={renderAudits}
        />
      ) : (
        <>
          <InlineAlert>{MESSAGES.singlePageScan.pageUrlRequired}</InlineAlert>
          <PageUrlForm />
        </>
      )}
    </div>
  )
}

function ScanFlow({
  request,
  tab,
  onTabChange,
  renderAudits,
}: {
  request: SinglePageScanRequest
  tab: ScanTabId
  onTabChange: (tab: ScanTabId) => void
  renderAudits: RenderAudits
}) {
  const scan = useSinglePageScan(request)
  if (scan.status === 'error') {
    return (
      <NoticePanel icon="alert" tone="danger" title={MESSAGES.singlePageScan.loadError}>
        {scan.message !== MESSAGES.singlePageScan.loadError ? <p>{scan.message}</p> : null}
      </NoticePanel>
    )
  }
  if (scan.status === 'scanning') return <ScanWaiting scanId={scan.scanId} pageUrl={request.uri} />
  return (
    <ScanResult
      scanId={scan.scanId}
      result={scan.result}
      tab={tab}
      onTabChange={onTabChange}
      renderAudits={renderAudits}
    />
  )
}
