import type { DuplicateGroupDetail, DuplicateGroupItem, SeoHealth, SeoPageItem } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import {
  makeHistory,
  makeIssueDetail,
  makeIssueListItem,
  makeIssuePageItem,
  makePageListItem,
} from '@/testing/area-fixtures'
import { findAxeViolations } from '@/testing/axe'
import { stubChartLayout } from '@/testing/chart-layout'
import { type FakeHandler, type FakeRequest, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, pageOf } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as PerformanceRoute } from './performance'
import { Component as PerformanceIssueRoute } from './performance-issue'
import { Component as PerformancePagesRoute } from './performance-pages'
import { Component as SeoRoute } from './seo'
import { Component as DuplicateRoute } from './seo-duplicate'
import { Component as DuplicateContentRoute } from './seo-duplicate-content'
import { Component as HealthRoute } from './seo-health'
import { Component as SeoIssueRoute } from './seo-issue'
import { Component as OrphanedRoute } from './seo-orphaned-pages'
import { Component as SeoPagesRoute } from './seo-pages'

const listOf =
  <T,>(items: T[]) =>
  (request: FakeRequest) =>
    reply(pageOf(items, request.query))

const groups: DuplicateGroupItem[] = [
  {
    sys: { id: 'dupe-1', version: { created: '2026-11-11T10:00:00.000Z' } },
    kind: 'title',
    entryTitle: 'Road closures in March',
    totalCount: 2,
    similarity: 100,
  },
  {
    sys: { id: 'dupe-2', version: { created: '2026-11-11T10:00:00.000Z' } },
    kind: 'content',
    entryTitle: 'Bin collections over Christmas Bin collections will change…',
    totalCount: 2,
    similarity: 84,
  },
]

const seoPage = (index: number, overrides: Partial<SeoPageItem> = {}): SeoPageItem => ({
  sys: {
    id: `page-${index}`,
    version: { created: '2026-10-01T00:00:00.000Z', modified: '2026-11-11T10:00:00.000Z' },
  },
  pageTitle: `Page ${index}`,
  entryTitle: `https://demo.example/page-${index}`,
  metaDescription: `Description ${index}`,
  contentExcerpt: `Bin collections will change ${index}`,
  httpStatus: 200,
  inSitemap: true,
  seoScore: 75,
  ...overrides,
})

const health: SeoHealth = {
  score: 87.5,
  pages: { scanned: 38, indexable: 37, notIndexable: 1, inSitemap: 38, orphaned: 1 },
  duplicates: { title: 1, description: 1, content: 2 },
  checks: [
    {
      issueId: 'duplicate-content',
      title: 'Page content is unique',
      description: '',
      pagesFailed: 4,
      pagesChecked: 36,
      passRate: 88.9,
    },
    {
      issueId: 'document-title',
      title: 'Document has a `<title>` element',
      description: '',
      pagesFailed: 0,
      pagesChecked: 38,
      passRate: 100,
    },
  ],
}

const detail: DuplicateGroupDetail = { ...(groups[1] as DuplicateGroupItem), pagesInScope: 2 }

const timedPages = [
  makePageListItem(1, {
    performanceScore: 55,
    numberOfPerformanceIssuesFailed: 6,
    firstContentfulPaint: { value: 2345, score: 0.6 },
    speedIndex: { value: 3010, score: 0.5 },
    totalBlockingTime: { value: 160, score: 0.9 },
    largestContentfulPaint: { value: 4049, score: 0.3 },
    cumulativeLayoutShift: { value: 0.1234, score: 0.8 },
  }),
  ...Array.from({ length: 29 }, (_, index) => makePageListItem(index + 2)),
]

function renderArea(element: ReactNode, url: string, path: string, routes: Record<string, FakeHandler> = {}) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true })),
    'GET /api/v1/sites/:slug/sections': listOf([makeSection(1)]),
    'GET /api/v1/sites/:slug/history': reply(makeHistory([61, 72])),
    'GET /api/v1/sites/:slug/issues/:issueName/pages': listOf([makeIssuePageItem(1), makeIssuePageItem(2)]),
    'GET /api/v1/sites/:slug/issues/:issueName': reply(
      makeIssueDetail({ id: 'duplicate-content', title: 'Page content is unique' }),
    ),
    'GET /api/v1/sites/:slug/issues': listOf([makeIssueListItem(1), makeIssueListItem(2)]),
    'GET /api/v1/sites/:slug/worst-pages': reply(timedPages.slice(0, 3)),
    'GET /api/v1/sites/:slug/pages': listOf(timedPages),
    'GET /api/v1/sites/:slug/seo/health': reply(health),
    'GET /api/v1/sites/:slug/seo/duplicate-content/:dupeId/summary': reply(detail),
    'GET /api/v1/sites/:slug/seo/duplicate-content/:dupeId': listOf([seoPage(1), seoPage(2)]),
    'GET /api/v1/sites/:slug/seo/duplicate-content': listOf(groups),
    'GET /api/v1/sites/:slug/seo/orphaned-pages': listOf([seoPage(3, { pageTitle: 'Consultation results' })]),
    ...routes,
  })
  return { ...renderSiteRoute(element, { url, path }), api }
}

const lastQuery = (api: ReturnType<typeof installFakeApi>, key: string) =>
  Object.fromEntries(api.callsTo(key).at(-1)?.query ?? [])

stubChartLayout()

describe('SEO screens', () => {
  it('overview: the score, the health summary, frequent issues linking to the SEO issue, worst pages', async () => {
    const { api } = renderArea(<SeoRoute />, '/site/demo-site/seo', 'seo')
    expect(await screen.findByRole('heading', { level: 1, name: 'SEO' })).toBeInTheDocument()
    const healthCard = await screen.findByRole('region', { name: 'Health' })
    await waitFor(() => expect(healthCard).toHaveTextContent('Duplicate groups4'))
    expect(within(healthCard).queryByText('Orphaned pages')).toBeNull()
    const frequent = screen.getByRole('region', { name: 'Most frequent issues' })
    expect(await within(frequent).findByRole('link', { name: 'Rule 01 must pass' })).toHaveAttribute(
      'href',
      '/site/demo-site/seo/issues/rule-1',
    )
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues')).toMatchObject({
      category: 'seo',
      sortBy: 'totalCount',
    })
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/worst-pages')).toMatchObject({ type: 'seo' })
    const worst = screen.getByRole('region', { name: 'Pages with the lowest scores' })
    expect(await within(worst).findByRole('link', { name: 'Page 01' })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-1/seo',
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('pages: type=seo with the SEO columns, linking to the page’s SEO tab', async () => {
    const { api } = renderArea(<SeoPagesRoute />, '/site/demo-site/seo/pages', 'seo/pages')
    expect(await screen.findByRole('link', { name: 'Page 01' })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-1/seo',
    )
    expect(screen.getByRole('columnheader', { name: 'SEO score' })).toBeInTheDocument()
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/pages')).toMatchObject({
      type: 'seo',
      sortBy: 'entryTitle',
    })
    expect(await findAxeViolations()).toEqual([])
  })

  it('duplicate content: largest groups first, filtered by type, sorted, each leading to its pages', async () => {
    const { api, router } = renderArea(
      <DuplicateContentRoute />,
      '/site/demo-site/seo/duplicate-content',
      'seo/duplicate-content',
    )
    expect(await screen.findByRole('link', { name: 'Road closures in March' })).toHaveAttribute(
      'href',
      '/site/demo-site/seo/duplicate-content/dupe-1',
    )
    expect(screen.getByRole('row', { name: /Bin collections over Christmas/ })).toHaveTextContent('84%')
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/seo/duplicate-content')).toMatchObject({
      sortBy: 'totalCount',
      sortDir: 'desc',
    })
    await userEvent.click(screen.getByRole('button', { name: /All duplicates/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Content' }))
    await waitFor(() => expect(router.state.location.search).toBe('?type=content'))
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/sites/:slug/seo/duplicate-content')).toMatchObject({
        type: 'content',
      }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Similarity' }))
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/sites/:slug/seo/duplicate-content')).toMatchObject({
        sortBy: 'similarity',
        type: 'content',
      }),
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('duplicate detail: what the pages share and the pages with their main text', async () => {
    renderArea(
      <DuplicateRoute />,
      '/site/demo-site/seo/duplicate-content/dupe-2',
      'seo/duplicate-content/:dupeId',
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Duplicate content' })).toBeInTheDocument()
    expect(
      screen.getByText('Bin collections over Christmas Bin collections will change…'),
    ).toBeInTheDocument()
    expect(screen.getByText('84%')).toBeInTheDocument()
    expect(await screen.findByRole('columnheader', { name: 'Main text' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'https://demo.example/page-1' })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-1/seo',
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('duplicate detail: a group the last scan cleared is not found', async () => {
    renderArea(
      <DuplicateRoute />,
      '/site/demo-site/seo/duplicate-content/gone',
      'seo/duplicate-content/:dupeId',
      {
        'GET /api/v1/sites/:slug/seo/duplicate-content/:dupeId/summary': reply(
          { statusCode: 404, error: 'Not Found', message: 'No duplicate could be found with this ID.' },
          404,
        ),
      },
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Duplicate not found' })).toBeInTheDocument()
  })

  it('orphaned pages: not found with the flag off, the orphans with it on', async () => {
    const off = renderArea(<OrphanedRoute />, '/site/demo-site/seo/orphaned-pages', 'seo/orphaned-pages')
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument()
    expect(off.api.callsTo('GET /api/v1/sites/:slug/seo/orphaned-pages')).toHaveLength(0)
    off.unmount()
    window.localStorage.setItem('canopy.featureFlags', JSON.stringify({ 'seo/orphaned-pages': true }))
    renderArea(<OrphanedRoute />, '/site/demo-site/seo/orphaned-pages', 'seo/orphaned-pages')
    expect(await screen.findByRole('link', { name: 'Consultation results' })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-3/seo',
    )
    expect(screen.getByRole('columnheader', { name: 'In the sitemap' })).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
    window.localStorage.removeItem('canopy.featureFlags')
  })

  it('health: the counts and each check with its pass rate, failing ones linking to their pages', async () => {
    renderArea(<HealthRoute />, '/site/demo-site/seo/health', 'seo/health')
    const checks = await screen.findByRole('table', { name: 'Each SEO check with the pages it fails on' })
    expect(within(checks).getByRole('link', { name: 'Page content is unique' })).toHaveAttribute(
      'href',
      '/site/demo-site/seo/issues/duplicate-content',
    )
    expect(within(checks).getByRole('row', { name: /Document has a <title> element/ })).toHaveTextContent(
      '100%',
    )
    expect(screen.getByRole('region', { name: 'Pages' })).toHaveTextContent('Duplicate content2')
    expect(await findAxeViolations()).toEqual([])
  })

  it('an SEO issue: its counts and the pages it fails on, asked with category=seo', async () => {
    const { api } = renderArea(
      <SeoIssueRoute />,
      '/site/demo-site/seo/issues/duplicate-content',
      'seo/issues/:issueName',
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page content is unique' }),
    ).toBeInTheDocument()
    await screen.findByRole('table', { name: 'Pages affected by this issue' })
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues/:issueName')).toMatchObject({ category: 'seo' })
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues/:issueName/pages')).toMatchObject({
      category: 'seo',
      status: 'current',
    })
    expect(await findAxeViolations()).toEqual([])
  })
})

describe('performance screens', () => {
  it('overview: the score, the metrics explained, issues linking to the performance issue', async () => {
    const { api } = renderArea(<PerformanceRoute />, '/site/demo-site/performance', 'performance')
    expect(await screen.findByRole('heading', { level: 1, name: 'Performance' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'What the metrics measure' })).toHaveTextContent(
      'Cumulative layout shift (CLS)',
    )
    const frequent = screen.getByRole('region', { name: 'Most frequent issues' })
    expect(await within(frequent).findByRole('link', { name: 'Rule 01 must pass' })).toHaveAttribute(
      'href',
      '/site/demo-site/performance/issues/rule-1',
    )
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues')).toMatchObject({ category: 'performance' })
    expect(await findAxeViolations()).toEqual([])
  })

  it('pages: the standard columns, then the advanced ones from the page actions menu, in seconds and CLS to 2 decimals', async () => {
    const { api, router } = renderArea(
      <PerformancePagesRoute />,
      '/site/demo-site/performance/pages',
      'performance/pages',
    )
    const first = await screen.findByRole('row', { name: /Page 01/ })
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['55 Needs improvement', '6', '20 Nov 2026'])
    expect(screen.getByRole('columnheader', { name: 'Performance opportunities' })).toBeInTheDocument()
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/pages')).toMatchObject({ type: 'performance' })
    await userEvent.click(screen.getByRole('button', { name: 'Page actions' }))
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Advanced view' }))
    await waitFor(() => expect(router.state.location.search).toBe('?view=advanced'))
    const advanced = await screen.findByRole('row', { name: /Page 01/ })
    await waitFor(() =>
      expect(
        within(advanced)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(['2.3\u00a0s', '3.0\u00a0s', '0.2\u00a0s', '4.0\u00a0s', '0.12', '20 Nov 2026']),
    )
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/pages')).toMatchObject({
      type: 'performance',
      view: 'advanced',
    })
    await userEvent.click(screen.getByRole('button', { name: 'CLS' }))
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/sites/:slug/pages')).toMatchObject({
        sortBy: 'cumulativeLayoutShift.value',
      }),
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('a performance issue asks for its pages with category=performance', async () => {
    const { api } = renderArea(
      <PerformanceIssueRoute />,
      '/site/demo-site/performance/issues/render-blocking',
      'performance/issues/:issueName',
    )
    await screen.findByRole('table', { name: 'Pages affected by this issue' })
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues/:issueName/pages')).toMatchObject({
      category: 'performance',
    })
    expect(screen.getByRole('link', { name: 'Performance' })).toHaveAttribute(
      'href',
      '/site/demo-site/performance',
    )
  })
})
