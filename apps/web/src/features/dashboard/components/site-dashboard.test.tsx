import {
  type DashboardAlert,
  type HistoryChartPoint,
  type HistoryResponse,
  type IssuesOverview,
  type PageListItem,
  SCAN_STOP_REASON_MESSAGES,
  type ScanDetails,
  type ScanStatus,
  type SiteScanStatus,
} from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppToastRegion } from '@/components/ui/toast'
import { findAxeViolations } from '@/testing/axe'
import { stubChartLayout } from '@/testing/chart-layout'
import { type FakeHandler, fail, installFakeApi, reply } from '@/testing/fake-api'
import { renderWithRouter } from '@/testing/render'
import { alertDismissalKey } from './dashboard-alert'
import { SiteDashboard, type SiteDashboardProps } from './site-dashboard'

const X = ['2026-11-10T10:00:00.000Z', '2026-11-17T10:00:00.000Z', '2026-11-24T10:00:00.000Z']
const series = (values: number[]): HistoryChartPoint[] =>
  values.map((y, index) => ({ x: X[index] ?? '', y, numberOfPages: 12 }))

function makeHistory(): HistoryResponse {
  const issues = { issuesPassed: series([30, 31, 33]), issuesFailed: series([9, 7, 4]) }
  return {
    latestScan: {
      finished: X[2] ?? '',
      numberOfBrokenLinks: 2,
      numberOfMisspellings: 5,
      numberOfPagesWithBrokenImages: 1,
    },
    overview: series([60, 65, 70]),
    accessibility: series([70, 80, 92]),
    contentQuality: series([55, 60, 58]),
    seo: series([40, 45, 48]),
    performance: series([-0.1, 80, -0.1]),
    accessibilityMetricHistory: issues,
    performanceMetricHistory: issues,
    seoMetricHistory: issues,
    contentQualityMetricHistory: {
      misspellings: series([5, 5, 5]),
      brokenLinks: series([1, 2, 2]),
      readability: series([60, 60, 61]),
    },
    inventoryHistory: {
      documentsFound: series([1, 1, 1]),
      pdfsFound: series([1, 1, 1]),
      pagesFound: series([12, 12, 12]),
      docsFound: series([0, 0, 0]),
      archivesFound: series([0, 0, 0]),
      spreadsheetsFound: series([0, 0, 0]),
      powerpointsFound: series([0, 0, 0]),
      mediaFound: series([0, 0, 0]),
    },
  }
}

function makeScan(overrides: Partial<ScanStatus> = {}): ScanStatus {
  return {
    id: 'scan-7',
    number: 7,
    kind: 'site',
    trigger: 'manual',
    state: 'completed',
    sectionId: null,
    individualUrl: null,
    progress: 100,
    pagesDiscovered: 12,
    pagesQueued: 12,
    pagesScanned: 12,
    pagesFailed: 0,
    queuedAt: '2026-11-24T09:50:00.000Z',
    startedAt: '2026-11-24T09:51:00.000Z',
    finishedAt: X[2] ?? null,
    error: null,
    stopReason: null,
    ...overrides,
  }
}

const idle: SiteScanStatus = {
  active: null,
  queuePosition: null,
  lastFinished: makeScan(),
  canStartScan: true,
}

const scanDetails: ScanDetails = {
  date: X[2] ?? null,
  firstScanned: X[0] ?? null,
  nextSheduledScan: '2026-12-01T03:00:00.000Z',
  scanType: 'full',
  itemsScanned: [
    { count: 12, label: 'Pages' },
    { count: 3, label: 'PDFs' },
  ],
  maximumPageLimitPerScan: 100,
  pagesScanned: 12,
  documentsScanned: 3,
  docDocumentsCount: 0,
}

function makePage(id: string, title: string, score: number): PageListItem {
  return {
    sys: { id },
    pageTitle: title,
    entryTitle: `http://127.0.0.1:8090/${id}.html`,
    httpStatus: 200,
    accessibilityScore: score,
    seoScore: null,
    performanceScore: null,
    contentQualityScore: null,
    numberOfAccessibilityIssuesFailed: 6,
    numberOfSeoIssuesFailed: 0,
    numberOfPerformanceIssuesFailed: 0,
    accessibilityFailuresByLevel: { A: 3, AA: 3, AAA: 0 },
    brokenLinkCount: 0,
    brokenImageCount: 0,
    misspellings: 0,
    readability: { flesch: null, level: null },
    firstContentfulPaint: null,
    speedIndex: null,
    totalBlockingTime: null,
    largestContentfulPaint: null,
    cumulativeLayoutShift: null,
    views: 0,
  }
}

const issuesOverview: IssuesOverview = {
  scan: { id: 'scan-7', number: 7, finishedAt: X[2] ?? null },
  issuesFailed: 9,
  issuesManual: 2,
  occurrencesFailed: 40,
  byLevel: [],
  issuesNew: 2,
  occurrencesNew: 5,
  issuesFixed: 3,
  occurrencesFixed: 8,
  issuesAdvice: 0,
  reviews: { toReview: 0, reviewed: 0 },
  templates: [
    {
      issueId: 'image-alt',
      category: 'accessibility',
      title: 'Images must have alternative text',
      issueLevel: 'A',
      signature: 'abcdef0123',
      selector: 'header > img.logo',
      snippet: '<img class="logo">',
      pageCount: 11,
      clearsPages: 9,
    },
  ],
}

const alert: DashboardAlert = {
  id: 'alert-1',
  timestamp: '2026-11-20T00:00:00.000Z',
  title: 'New: issue lifecycle',
  description: 'See which issues are new and which you fixed.',
  link: { text: 'Read more', url: 'https://example.org/news' },
  button: { text: 'Got it' },
  illustration: null,
}

function dashboardApi(overrides: Record<string, FakeHandler> = {}) {
  return installFakeApi({
    'GET /api/v1/sites/:slug/scan-status': reply(idle),
    'GET /api/v1/sites/:slug/history': reply(makeHistory()),
    'GET /api/v1/sites/:slug/scan-details': reply(scanDetails),
    'GET /api/v1/sites/:slug/worst-pages': reply([makePage('p1', 'Contact', 41), makePage('p2', 'News', 66)]),
    'GET /api/v1/sites/:slug/issues/overview': reply(issuesOverview),
    'GET /api/v1/alerts': reply([alert]),
    ...overrides,
  })
}

const site: SiteDashboardProps['site'] = {
  slug: 'demo-site',
  name: 'Canopy Demo Site',
  canStartScans: true,
  firstScanCompleted: true,
  scanUsage: { pagesScannedThisMonth: 12, scanLimit: 100, percent: 12 },
}

function renderDashboard(props: Partial<SiteDashboardProps> = {}) {
  return renderWithRouter(
    <>
      <main>
        <h1>Dashboard</h1>
        <SiteDashboard site={site} section={null} {...props} />
      </main>
      <AppToastRegion />
    </>,
  )
}

stubChartLayout()

describe('site dashboard', () => {
  it('shows a score card per area with the previous score, the swing and the colour band in words', async () => {
    dashboardApi()
    renderDashboard()
    const accessibility = await screen.findByRole('region', { name: 'Accessibility' })
    await waitFor(() => expect(accessibility).toHaveTextContent('92 out of 100, Good'))
    expect(accessibility).toHaveTextContent('+12 since the previous scan')
    expect(accessibility.parentElement).toHaveTextContent('Previous scan: 80')
    expect(screen.getByRole('region', { name: 'SEO' })).toHaveTextContent('48 out of 100, Poor')
    expect(screen.getByRole('region', { name: 'Performance' })).toHaveTextContent('Scan scheduled')
    expect(screen.getByRole('link', { name: 'Content quality results' })).toHaveAttribute(
      'href',
      '/site/demo-site/content-quality',
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('gives each history chart a summary and its data as a table, opened by keyboard', async () => {
    dashboardApi()
    const events = userEvent.setup()
    renderDashboard()
    const chart = await screen.findByRole('region', { name: 'Scores over time' })
    await waitFor(() =>
      expect(chart).toHaveTextContent('3 scans. Latest scan, 24 Nov 2026: Overall 70, Accessibility 92'),
    )
    const toggle = within(chart).getByRole('button', { name: 'Data of scores over time as a table' })
    expect(within(chart).queryByRole('table')).not.toBeInTheDocument()
    toggle.focus()
    await events.keyboard('{Enter}')
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const table = within(chart).getByRole('table', { name: 'Scores over time' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(4)
    expect(rows[3]).toHaveTextContent('24 Nov 2026')
    expect(
      within(rows[3] as HTMLElement)
        .getAllByRole('cell')
        .at(-1),
    ).toHaveTextContent('No data')
    expect(screen.getByRole('region', { name: 'Failed issues over time' })).toHaveTextContent(
      'Accessibility 4',
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows the last-scan summary, the issue changes since the previous scan and the worst pages', async () => {
    const api = dashboardApi()
    renderDashboard()
    const lastScan = await screen.findByRole('region', { name: 'Last scan summary' })
    await within(lastScan).findByText('Next scheduled scan')
    expect(lastScan).toHaveTextContent('Full site scan')
    expect(lastScan).toHaveTextContent('PDFs: 3')

    const changes = screen.getByRole('region', { name: 'Changes since the previous scan' })
    await within(changes).findByText('New issues')
    expect(changes).toHaveTextContent('2 issues, 5 occurrences on pages')
    expect(changes).toHaveTextContent('3 issues, 8 occurrences on pages')
    expect(within(changes).getByRole('link', { name: 'Images must have alternative text' })).toHaveAttribute(
      'href',
      '/site/demo-site/accessibility/issues/image-alt?template=abcdef0123',
    )
    expect(changes).toHaveTextContent('fixing it clears 9 pages')

    const worst = screen.getByRole('region', { name: 'Pages that need the most work' })
    expect(await within(worst).findByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/p1/overview',
    )
    expect(api.callsTo('GET /api/v1/sites/:slug/worst-pages')[0]?.query.get('type')).toBe('accessibility')
    expect(await findAxeViolations()).toEqual([])
  })

  it('asks for the section scope by section id and offers Rescan section with the spec toast', async () => {
    const api = dashboardApi({
      'POST /api/v1/sites/:slug/sections/:sectionId/scan': reply({ scanId: 'scan-8' }, 202),
    })
    const events = userEvent.setup()
    renderDashboard({ section: { id: 'section-2', slug: 'news', title: 'News' } })
    const rescan = await screen.findByRole('button', { name: 'Rescan section' })
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/sites/:slug/history')[0]?.query.get('sectionId')).toBe('section-2'),
    )
    expect(api.callsTo('GET /api/v1/sites/:slug/issues/overview')[0]?.query.get('sectionId')).toBe(
      'section-2',
    )

    rescan.focus()
    await events.keyboard('{Enter}')
    expect(await screen.findByText('Section is re-scanning')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/sites/:slug/sections/:sectionId/scan')[0]?.params.sectionId).toBe(
      'section-2',
    )
    await waitFor(() => expect(api.callsTo('GET /api/v1/sites/:slug/scan-status').length).toBeGreaterThan(1))
  })

  it('says "No scan yet" with Scan now before any scan, and shows a 409 message', async () => {
    const api = dashboardApi({
      'GET /api/v1/sites/:slug/scan-status': reply({ ...idle, lastFinished: null }),
      'POST /api/v1/sites/:slug/scan': fail(409, 'A full scan of this site is already queued or running.'),
    })
    const events = userEvent.setup()
    renderDashboard({ site: { ...site, firstScanCompleted: false } })
    expect(await screen.findByRole('heading', { name: 'No scan yet' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Scores' })).not.toBeInTheDocument()
    await events.click(screen.getByRole('button', { name: 'Scan now' }))
    expect(
      await screen.findByText('A full scan of this site is already queued or running.'),
    ).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/sites/:slug/scan')).toHaveLength(1)
    expect(api.callsTo('GET /api/v1/sites/:slug/history')).toHaveLength(0)
    expect(await findAxeViolations()).toEqual([])
  })

  it('says a first scan is queued with its place in the queue, and disables Scan now with the reason', async () => {
    dashboardApi({
      'GET /api/v1/sites/:slug/scan-status': reply({
        active: makeScan({ state: 'queued', finishedAt: null, startedAt: null, progress: 0 }),
        queuePosition: 2,
        lastFinished: null,
        canStartScan: false,
      }),
    })
    renderDashboard({ site: { ...site, firstScanCompleted: false } })
    expect(await screen.findByRole('heading', { name: 'Your results are on the way' })).toBeInTheDocument()
    expect(
      screen.getByText(/A full scan of Canopy Demo Site is queued\. 2 scans are ahead of it/),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Scan now' })).toBeDisabled()
    expect(
      screen.getByText('A full scan of this site is already queued or running.', { selector: 'p' }),
    ).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows a running scan with its progress to two decimals', async () => {
    dashboardApi({
      'GET /api/v1/sites/:slug/scan-status': reply({
        active: makeScan({
          state: 'running',
          finishedAt: null,
          progress: 41.666,
          pagesQueued: 12,
          pagesScanned: 5,
        }),
        queuePosition: 0,
        lastFinished: makeScan({ id: 'scan-6', number: 6 }),
        canStartScan: false,
      }),
    })
    renderDashboard()
    expect(await screen.findByRole('heading', { name: 'Scan in progress' })).toBeInTheDocument()
    expect(
      screen.getByRole('progressbar', { name: 'A full scan of Canopy Demo Site is running' }),
    ).toHaveAttribute('aria-valuetext', '41.67%, 5 of 12 pages')
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows the dashboard alert until dismissed, and again once it is newer than the dismissal', async () => {
    dashboardApi()
    const events = userEvent.setup()
    window.localStorage.setItem(alertDismissalKey('alert-1'), '2026-11-01T00:00:00.000Z')
    renderDashboard()
    const panel = await screen.findByRole('region', { name: 'New: issue lifecycle' })
    expect(within(panel).getByRole('link', { name: /Read more/ })).toHaveAttribute('target', '_blank')
    await waitFor(() => expect(window.localStorage.getItem(alertDismissalKey('alert-1'))).toBeNull())
    await events.click(within(panel).getByRole('button', { name: 'Got it' }))
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'New: issue lifecycle' })).not.toBeInTheDocument(),
    )
    expect(window.localStorage.getItem(alertDismissalKey('alert-1'))).not.toBeNull()
  })

  it("shows the alert's illustration from /illustrations in AVIF, WebP and PNG at 1x and 2x, as decoration", async () => {
    dashboardApi({ 'GET /api/v1/alerts': reply([{ ...alert, illustration: 'scan-in-progress' }]) })
    renderDashboard()
    const panel = await screen.findByRole('region', { name: 'New: issue lifecycle' })
    const image = panel.querySelector('picture img')
    const base = '/illustrations/scan-in-progress/240/scan-in-progress'
    expect(image).toHaveAttribute('alt', '')
    expect(image).toHaveAttribute('src', `${base}.png`)
    expect(image).toHaveAttribute('srcset', `${base}.png 1x, ${base}@2x.png 2x`)
    const sources = [...panel.querySelectorAll('picture source')].map((source) => source.getAttribute('type'))
    expect(sources).toEqual(['image/avif', 'image/webp'])
    expect(await findAxeViolations()).toEqual([])
  })
})

describe('site dashboard: scan limit', () => {
  const usage = (pagesScannedThisMonth: number, scanLimit: number, percent: number | null) => ({
    ...site,
    scanUsage: { pagesScannedThisMonth, scanLimit, percent },
  })

  it('says nothing below 80 % of the limit but the pages scanned this month', async () => {
    dashboardApi()
    renderDashboard({ site: usage(79, 100, 79) })
    const scanning = await screen.findByRole('region', { name: 'Scanning' })
    expect(scanning).toHaveTextContent('79 of 100 pages scanned this month (79%)')
    expect(within(scanning).getByRole('status', { name: 'Scan usage' })).toBeEmptyDOMElement()
  })

  it('warns "Nearing your scan limit." from 80 % in a status message', async () => {
    dashboardApi()
    renderDashboard({ site: usage(80, 100, 80) })
    const scanning = await screen.findByRole('region', { name: 'Scanning' })
    expect(within(scanning).getByRole('status', { name: 'Scan usage' })).toHaveTextContent(
      'Nearing your scan limit.',
    )
    expect(await screen.findByRole('button', { name: 'Scan now' })).toBeEnabled()
    expect(await findAxeViolations()).toEqual([])
  })

  it('says "Your scan limit has been reached." at 100 % and disables Scan now with that reason', async () => {
    dashboardApi()
    renderDashboard({ site: usage(103, 100, 103) })
    const scanning = await screen.findByRole('region', { name: 'Scanning' })
    expect(within(scanning).getByRole('status', { name: 'Scan usage' })).toHaveTextContent(
      'Your scan limit has been reached.',
    )
    const scanNow = await screen.findByRole('button', { name: 'Scan now' })
    expect(scanNow).toBeDisabled()
    expect(scanNow).toHaveAccessibleDescription('Your scan limit has been reached.')
    expect(await findAxeViolations()).toEqual([])
  })

  it('says in words that the last scan stopped at the monthly scan limit', async () => {
    dashboardApi({
      'GET /api/v1/sites/:slug/scan-status': reply({
        ...idle,
        lastFinished: makeScan({ pagesScanned: 2, pagesQueued: 2, stopReason: 'scan_limit' }),
      }),
    })
    renderDashboard()
    const scanning = await screen.findByRole('region', { name: 'Scanning' })
    await within(scanning).findByText(/Scan 7 finished on .*: 2 pages scanned\./)
    expect(scanning).toHaveTextContent(SCAN_STOP_REASON_MESSAGES.scan_limit)
    expect(await findAxeViolations()).toEqual([])
  })

  it('says a scheduled scan was not run at the scan limit, and why', async () => {
    dashboardApi({
      'GET /api/v1/sites/:slug/scan-status': reply({
        ...idle,
        lastFinished: makeScan({
          number: 8,
          trigger: 'schedule',
          state: 'failed',
          startedAt: null,
          pagesScanned: 0,
          pagesQueued: 0,
          error: 'Your scan limit has been reached.',
          stopReason: 'scan_limit',
        }),
      }),
    })
    renderDashboard({ site: usage(100, 100, 100) })
    const scanning = await screen.findByRole('region', { name: 'Scanning' })
    await within(scanning).findByText(/Scan 8 was not run on .*: Your scan limit has been reached\./)
    expect(scanning).not.toHaveTextContent('failed')
  })
})
