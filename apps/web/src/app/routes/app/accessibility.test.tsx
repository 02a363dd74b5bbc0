import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS, writeStoredValue } from '@/lib/local-store'
import {
  makeDocumentListItem,
  makeHistory,
  makeIssueDetail,
  makeIssueListItem,
  makeIssuePageItem,
  makeIssuesOverview,
  makePageListItem,
} from '@/testing/area-fixtures'
import { findAxeViolations } from '@/testing/axe'
import { stubChartLayout } from '@/testing/chart-layout'
import { type FakeHandler, type FakeRequest, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, pageOf } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as DashboardRoute } from './accessibility-dashboard'
import { Component as IssueRoute } from './accessibility-issue'
import { Component as IssuesRoute } from './accessibility-issues'
import { Component as PagesRoute } from './accessibility-pages'
import { Component as PdfsRoute } from './accessibility-pdfs'

const pages = Array.from({ length: 30 }, (_, index) => makePageListItem(index + 1))
const issues = Array.from({ length: 8 }, (_, index) => makeIssueListItem(index + 1))

/** The fake list answers a page of the items as the API would, whatever the query. */
const listOf =
  <T,>(items: T[]) =>
  (request: FakeRequest) =>
    reply(pageOf(items, request.query))

function renderArea(
  element: ReactNode,
  url: string,
  path: string,
  routes: Record<string, FakeHandler> = {},
  site = makeSite({ firstScanCompleted: true }),
) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(site),
    'GET /api/v1/sites/:slug/sections': listOf([makeSection(1)]),
    'GET /api/v1/sites/:slug/history': reply(makeHistory([61, 72])),
    'GET /api/v1/sites/:slug/issues/overview': reply(makeIssuesOverview()),
    'GET /api/v1/sites/:slug/issues/:issueName/pages': listOf(
      Array.from({ length: 3 }, (_, index) => makeIssuePageItem(index + 1)),
    ),
    'GET /api/v1/sites/:slug/issues/:issueName': reply(makeIssueDetail()),
    'GET /api/v1/sites/:slug/issues': listOf(issues),
    'GET /api/v1/sites/:slug/worst-pages': reply(pages.slice(0, 3)),
    'GET /api/v1/sites/:slug/pages': listOf(pages),
    'GET /api/v1/sites/:slug/documents/:kind': listOf([makeDocumentListItem(1), makeDocumentListItem(2)]),
    ...routes,
  })
  return { ...renderSiteRoute(element, { url, path }), api }
}

const lastQuery = (api: ReturnType<typeof installFakeApi>, key: string) => api.callsTo(key).at(-1)?.query

stubChartLayout()

describe('accessibility dashboard', () => {
  it('shows the score and swing, issues by level, new and fixed, frequent issues, templates, worst pages and progress', async () => {
    const { api } = renderArea(<DashboardRoute />, '/site/demo-site/accessibility', 'accessibility')
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessibility' })).toBeInTheDocument()
    const score = await screen.findByRole('region', { name: 'Accessibility score' })
    await waitFor(() => expect(score).toHaveTextContent('+11 since the previous scan'))
    const levels = await screen.findByRole('table', { name: 'Failing issues by WCAG level' })
    expect(within(levels).getByRole('row', { name: 'WCAG level AA 3 12' })).toBeInTheDocument()
    const since = screen.getByRole('region', { name: 'Since the previous scan' })
    expect(since).toHaveTextContent('2 issues')
    expect(within(since).getByRole('link', { name: 'See the new issues' })).toHaveAttribute(
      'href',
      '/site/demo-site/accessibility/issues?status=new',
    )
    const frequent = screen.getByRole('region', { name: 'Most frequent issues' })
    expect(await within(frequent).findByRole('link', { name: 'Rule 01 must pass' })).toHaveAttribute(
      'href',
      '/site/demo-site/accessibility/issues/rule-1',
    )
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues')?.get('sortBy')).toBe('totalCount')
    expect(screen.getByRole('link', { name: /Images must have alternative text/ })).toHaveAttribute(
      'href',
      '/site/demo-site/accessibility/issues/image-alt?template=abcdef0123456789',
    )
    expect(screen.getByText('clears 9 pages')).toBeInTheDocument()
    const worst = screen.getByRole('region', { name: 'Pages with the lowest scores' })
    expect(await within(worst).findByRole('link', { name: 'Page 01' })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-1/accessibility',
    )
    const progress = screen.getByRole('region', { name: 'Progress over time' })
    expect(progress).toHaveTextContent('2 scans. Latest scan, 11 Nov 2026: Score 72.')
    expect(progress).toHaveTextContent('Audits failed 28, Audits passed 144, Pages 20.')
    await userEvent.click(
      within(progress).getByRole('button', { name: 'Data of accessibility score by scan as a table' }),
    )
    const scores = within(progress).getByRole('table', { name: 'Accessibility score by scan' })
    expect(
      within(scores)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Scan finishedScore', '10 Nov 202661', '11 Nov 202672'])
    expect(await findAxeViolations()).toEqual([])
  })

  it('scopes every call to the section of the URL by its id', async () => {
    const { api } = renderArea(
      <DashboardRoute />,
      '/site/demo-site/section/section-1/accessibility',
      'accessibility',
    )
    await screen.findByRole('table', { name: 'Failing issues by WCAG level' })
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/history')?.get('sectionId')).toBe('section-1')
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues/overview')?.get('sectionId')).toBe('section-1')
    expect(screen.getByRole('link', { name: 'See all issues' })).toHaveAttribute(
      'href',
      '/site/demo-site/section/section-1/accessibility/issues',
    )
  })

  it('shows the first-scan notice until the first scan completes', async () => {
    renderArea(<DashboardRoute />, '/site/demo-site/accessibility', 'accessibility', {}, makeSite())
    expect(await screen.findByRole('heading', { name: 'Your results are on the way' })).toBeInTheDocument()
  })

  it('is not found under a section the site does not have', async () => {
    const { api } = renderArea(
      <DashboardRoute />,
      '/site/demo-site/section/nope/accessibility',
      'accessibility',
    )
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument()
    expect(api.callsTo('GET /api/v1/sites/:slug/history')).toHaveLength(0)
  })
})

describe('accessibility pages', () => {
  it('asks for the first page by URL, shows skeleton rows, then the pages linking to their detail', async () => {
    let answer: (value: unknown) => void = () => {}
    const gate = new Promise((resolve) => {
      answer = resolve
    })
    const { api } = renderArea(<PagesRoute />, '/site/demo-site/accessibility/pages', 'accessibility/pages', {
      'GET /api/v1/sites/:slug/pages': async (request) => {
        await gate
        return reply(pageOf(pages, request.query))
      },
    })
    await waitFor(() => expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10))
    answer(null)
    expect(await screen.findByRole('link', { name: 'Page 01' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-1/accessibility',
    )
    const query = lastQuery(api, 'GET /api/v1/sites/:slug/pages')
    expect(Object.fromEntries(query ?? [])).toEqual({
      type: 'accessibility',
      page: '1',
      pageSize: '25',
      sortBy: 'entryTitle',
      sortDir: 'asc',
    })
    expect(screen.getByText('Showing 1 - 25 of 30 results')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('sorts by keyboard, keeps the state in the URL, and exports the current filter', async () => {
    const { api, router } = renderArea(
      <PagesRoute />,
      '/site/demo-site/section/section-1/accessibility/pages?search=page&page=2',
      'accessibility/pages',
    )
    const sort = await screen.findByRole('button', { name: 'Accessibility score' }, { timeout: 5000 })
    sort.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=page&sortBy=accessibilityScore&sortDir=asc'),
    )
    expect(screen.getByRole('columnheader', { name: 'Accessibility score' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/sites/:slug/pages')?.get('sortBy')).toBe('accessibilityScore'),
    )
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/pages')?.get('sectionId')).toBe('section-1')

    screen.getByRole('button', { name: 'Export' }).focus()
    await userEvent.keyboard('{Enter}')
    const csv = await screen.findByRole('menuitem', { name: 'Export as CSV' })
    await waitFor(() => expect(csv).toHaveFocus())
    const href = new URL(csv.getAttribute('href') ?? '', 'http://localhost')
    expect(href.pathname).toBe('/api/v1/sites/demo-site/pages/export')
    expect(Object.fromEntries(href.searchParams)).toEqual({
      type: 'accessibility',
      sortBy: 'accessibilityScore',
      sortDir: 'asc',
      search: 'page',
      sectionId: 'section-1',
      format: 'csv',
    })
    expect(csv).toHaveAttribute('download', 'accessibility-pages.csv')
    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitem', { name: 'Export as JSON' })).toHaveFocus()
    expect(screen.getByRole('menuitem', { name: 'Export as JSON' }).getAttribute('href')).toContain(
      'format=json',
    )
  })
})

describe('accessibility PDFs', () => {
  it('is not found while its flag is off', async () => {
    renderArea(<PdfsRoute />, '/site/demo-site/accessibility/pdfs', 'accessibility/pdfs')
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument()
  })

  it('lists the PDFs by page count with whether their text is machine readable', async () => {
    writeStoredValue(STORAGE_KEYS.featureFlags, JSON.stringify({ 'accessibility/pdfs': true }))
    const { api } = renderArea(<PdfsRoute />, '/site/demo-site/accessibility/pdfs', 'accessibility/pdfs')
    expect(await screen.findByRole('link', { name: 'Report 01' })).toHaveAttribute(
      'href',
      '/site/demo-site/documents/document-1/accessibility',
    )
    expect(api.callsTo('GET /api/v1/sites/:slug/documents/:kind')[0]?.params.kind).toBe('pdf')
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/documents/:kind')?.get('sortBy')).toBe('pageCount')
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/documents/:kind')?.get('sortDir')).toBe('desc')
    expect(screen.getByText('Machine readable')).toBeInTheDocument()
    expect(screen.getByText('Scanned image: not machine readable')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })
})

describe('accessibility issues', () => {
  it('lists the issues most frequent first and filters by status and level from the keyboard', async () => {
    const { api, router } = renderArea(
      <IssuesRoute />,
      '/site/demo-site/accessibility/issues',
      'accessibility/issues',
    )
    expect(
      await screen.findByRole('link', { name: 'Rule 01 must pass' }, { timeout: 5000 }),
    ).toBeInTheDocument()
    const first = lastQuery(api, 'GET /api/v1/sites/:slug/issues')
    expect(first?.get('category')).toBe('accessibility')
    expect(first?.get('status')).toBe('current')
    expect(first?.get('sortBy')).toBe('totalCount')
    expect(first?.get('sortDir')).toBe('desc')
    expect(first?.has('level')).toBe(false)

    const status = screen.getByRole('button', { name: /Failing now/ })
    status.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('option', { name: 'Failing now' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(screen.getByRole('option', { name: 'New in the last scan' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.search).toBe('?status=new'))
    await waitFor(() => expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues')?.get('status')).toBe('new'))

    await userEvent.click(screen.getByRole('button', { name: /All levels/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'AA' }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=new&level=AA'))
    await waitFor(() => expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues')?.get('level')).toBe('AA'))

    await userEvent.click(screen.getByRole('button', { name: 'Export' }))
    const json = await screen.findByRole('menuitem', { name: 'Export as JSON' })
    const href = new URL(json.getAttribute('href') ?? '', 'http://localhost')
    expect(href.pathname).toBe('/api/v1/sites/demo-site/issues/export')
    expect(href.searchParams.get('status')).toBe('new')
    expect(href.searchParams.get('level')).toBe('AA')
    expect(href.searchParams.get('category')).toBe('accessibility')
    expect(href.searchParams.has('page')).toBe(false)
    await userEvent.keyboard('{Escape}')
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows one issue with its template problem and the pages it affects, filtered by template', async () => {
    const { api, router } = renderArea(
      <IssueRoute />,
      '/site/demo-site/accessibility/issues/image-alt',
      'accessibility/issues/:issueName',
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Images must have alternative text' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Ensures <img> elements have alternate text. Learn more')).toBeInTheDocument()
    expect(screen.getByText('As of scan 7 (20 Nov 2026)')).toBeInTheDocument()
    expect(screen.getByText(/fix once, clears/)).toHaveTextContent(
      'header > img.logo fails on 12 pages: fix once, clears 9 pages.',
    )
    const pagesTable = await screen.findByRole('table', { name: 'Pages affected by this issue' })
    expect(within(pagesTable).getByRole('link', { name: 'Page 01' })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-1/accessibility',
    )
    expect(within(pagesTable).getAllByText('scan 6 (13 Nov 2026)')).toHaveLength(3)
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues/:issueName/pages')?.get('category')).toBe(
      'accessibility',
    )

    await userEvent.click(screen.getByRole('button', { name: /Show these pages/ }))
    await waitFor(() => expect(router.state.location.search).toBe('?template=abcdef0123456789'))
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues/:issueName/pages')?.get('template')).toBe(
        'abcdef0123456789',
      ),
    )
    expect(screen.getByText(/Showing the pages where/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Export' }))
    const csv = await screen.findByRole('menuitem', { name: 'Export as CSV' })
    expect(new URL(csv.getAttribute('href') ?? '', 'http://localhost').searchParams.get('template')).toBe(
      'abcdef0123456789',
    )
    await userEvent.keyboard('{Escape}')
    await userEvent.click(screen.getByRole('button', { name: 'Show every page' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows each page’s hits when web analytics is on, and sorts the pages by them', async () => {
    const { api } = renderArea(
      <IssueRoute />,
      '/site/demo-site/accessibility/issues/image-alt',
      'accessibility/issues/:issueName',
      {
        'GET /api/v1/sites/:slug/integrations/ga4/settings': reply({
          enabled: true,
          propertyID: '123456789',
          propertyIdList: ['123456789'],
          connected: true,
        }),
        'GET /api/v1/sites/:slug/issues/:issueName/pages': listOf(
          [1, 2, 3].map((index) => makeIssuePageItem(index, { views: index * 1000 })),
        ),
      },
    )
    const pagesTable = await screen.findByRole('table', { name: 'Pages affected by this issue' })
    const hits = await within(pagesTable).findByRole('columnheader', { name: /Page hits/ })
    const row = within(pagesTable).getByRole('link', { name: 'Page 02' }).closest('tr')
    expect(row).toHaveTextContent('2,000')
    await userEvent.click(within(hits).getByRole('button'))
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues/:issueName/pages')?.get('sortBy')).toBe('views'),
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('has no page hits column while web analytics is off', async () => {
    renderArea(
      <IssueRoute />,
      '/site/demo-site/accessibility/issues/image-alt',
      'accessibility/issues/:issueName',
      {
        'GET /api/v1/sites/:slug/integrations/ga4/settings': reply({
          enabled: false,
          propertyID: null,
          propertyIdList: [],
          connected: true,
        }),
      },
    )
    const pagesTable = await screen.findByRole('table', { name: 'Pages affected by this issue' })
    await within(pagesTable).findByRole('link', { name: 'Page 01' })
    expect(within(pagesTable).queryByRole('columnheader', { name: /Page hits/ })).toBeNull()
  })
})
