import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ACCESSIBILITY_UI } from '@/config/accessibility-messages'
import { must } from '@/features/audits/testing/tool-output'
import {
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

// these tests type and wait on a shared, busy machine: a slower render is not a failure
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 60_000 })

const FAILURE = makeIssueListItem(1, {
  id: 'image-alt',
  title: 'Images must have alternative text',
  engines: ['axe', 'equal-access'],
  conformance: 'failure',
})
const ADVICE = makeIssueListItem(2, {
  id: 'region',
  title: 'All page content should be contained by landmarks',
  wcag: [],
  engines: ['axe'],
  conformance: 'advice',
})
const TO_REVIEW = makeIssueListItem(3, {
  id: 'color-contrast',
  title: 'Elements must meet minimum color contrast ratio thresholds',
  engines: ['equal-access'],
  conformance: 'failure',
  pagesManual: 5,
  pagesReviewed: 2,
})
const ISSUES = [FAILURE, ADVICE, TO_REVIEW]

/** The issue list filtered by ?conformance= as the API does it. */
function listIssues(request: FakeRequest) {
  const conformance = request.query.get('conformance')
  const items = conformance ? ISSUES.filter((item) => item.conformance === conformance) : ISSUES
  return reply(pageOf(items, request.query))
}

function renderArea(element: ReactNode, url: string, path: string, routes: Record<string, FakeHandler> = {}) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true })),
    'GET /api/v1/sites/:slug/sections': (request) => reply(pageOf([makeSection(1)], request.query)),
    'GET /api/v1/sites/:slug/history': reply(makeHistory([61, 72])),
    'GET /api/v1/sites/:slug/issues/overview': reply(
      makeIssuesOverview({ issuesFailed: 9, issuesAdvice: 3, reviews: { toReview: 4, reviewed: 7 } }),
    ),
    'GET /api/v1/sites/:slug/worst-pages': reply([makePageListItem(1)]),
    'GET /api/v1/sites/:slug/issues': listIssues,
    ...routes,
  })
  return { ...renderSiteRoute(element, { url, path }), api }
}

const lastQuery = (api: ReturnType<typeof installFakeApi>, key: string) => api.callsTo(key).at(-1)?.query

stubChartLayout()

describe('accessibility issues: failures and advice, engines, reviews', () => {
  it('shows the Advice badge, the engines and the pages reviewed, and filters failures or advice in the URL', async () => {
    const { api, router } = renderArea(
      <IssuesRoute />,
      '/site/demo-site/accessibility/issues',
      'accessibility/issues',
    )
    const table = await screen.findByRole('table', { name: 'Accessibility issues' })
    const row = (name: string) => must(within(table).getByRole('link', { name }).closest('tr'))
    await within(table).findByRole('link', { name: FAILURE.title })
    expect(row(ADVICE.title)).toHaveTextContent(ACCESSIBILITY_UI.advice)
    expect(row(FAILURE.title)).not.toHaveTextContent(ACCESSIBILITY_UI.advice)
    expect(row(FAILURE.title)).toHaveTextContent('axe-core and IBM Equal Access')
    expect(within(table).getByRole('columnheader', { name: 'Found by' })).toBeInTheDocument()
    const reviewedColumn = within(table)
      .getAllByRole('columnheader')
      .findIndex((cell) => cell.textContent === 'Pages reviewed')
    expect(within(row(TO_REVIEW.title)).getAllByRole('cell')[reviewedColumn - 1]).toHaveTextContent('2')
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues')?.has('conformance')).toBe(false)
    expect(await findAxeViolations()).toEqual([])

    const show = screen.getByRole('button', { name: /Failures and advice/ })
    show.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('option', { name: 'Failures and advice' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await waitFor(() => expect(router.state.location.search).toBe('?conformance=advice'))
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues')?.get('conformance')).toBe('advice'),
    )
    await waitFor(() => expect(within(table).queryByRole('link', { name: FAILURE.title })).toBeNull())
    expect(within(table).getByRole('link', { name: ADVICE.title })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: /Advice only/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Failures only' }))
    await waitFor(() => expect(router.state.location.search).toBe('?conformance=failure'))
    await waitFor(() => expect(within(table).queryByRole('link', { name: ADVICE.title })).toBeNull())
  })

  it('shows each page’s review decision in the issue’s pages, and the engines and reviews in its facts', async () => {
    renderArea(
      <IssueRoute />,
      '/site/demo-site/accessibility/issues/color-contrast',
      'accessibility/issues/:issueName',
      {
        'GET /api/v1/sites/:slug/issues/:issueName': reply(
          makeIssueDetail({ ...TO_REVIEW, scan: null, templates: [], templateCount: 0 }),
        ),
        'GET /api/v1/sites/:slug/issues/:issueName/pages': (request) =>
          reply(
            pageOf(
              [
                makeIssuePageItem(1, {
                  issueId: 'color-contrast',
                  status: 'manual',
                  review: {
                    decision: 'dismissed',
                    reason: 'The text sits on a solid band.',
                    decidedAt: '2026-11-26T09:30:00.000Z',
                    decidedBy: { id: 'user-1', name: 'Dana Admin' },
                  },
                }),
                makeIssuePageItem(2, {
                  issueId: 'color-contrast',
                  status: 'failed',
                  review: {
                    decision: 'confirmed',
                    reason: null,
                    decidedAt: '2026-11-25T08:00:00.000Z',
                    decidedBy: null,
                  },
                }),
                makeIssuePageItem(3, { issueId: 'color-contrast', status: 'manual' }),
              ],
              request.query,
            ),
          ),
      },
    )
    const table = await screen.findByRole('table', { name: 'Pages affected by this issue' })
    const row = (name: string) => must(within(table).getByRole('link', { name }).closest('tr'))
    await within(table).findByRole('link', { name: 'Page 01' })
    expect(within(table).getByRole('columnheader', { name: 'Review' })).toBeInTheDocument()
    expect(row('Page 01')).toHaveTextContent('Dismissed by Dana Admin on 26 Nov 2026')
    expect(row('Page 01')).toHaveTextContent('“The text sits on a solid band.”')
    expect(row('Page 02')).toHaveTextContent('Confirmed as failed by a former user on 25 Nov 2026')
    expect(row('Page 03')).toHaveTextContent(ACCESSIBILITY_UI.review.toReview)
    expect(screen.getByText('Found by')).toBeInTheDocument()
    expect(screen.getByText('IBM Equal Access')).toBeInTheDocument()
    expect(screen.getByText('Reviewed on').nextElementSibling).toHaveTextContent('2 pages')
    expect(await findAxeViolations()).toEqual([])
  })
})

describe('accessibility dashboard: advice and reviews', () => {
  it('shows the advice beside the failures and the results to review, linking to their lists', async () => {
    renderArea(<DashboardRoute />, '/site/demo-site/section/section-1/accessibility', 'accessibility')
    const levels = await screen.findByRole('region', { name: 'Issues by WCAG level' })
    expect(await within(levels).findByText('9 failures, 3 advice')).toBeInTheDocument()
    expect(within(levels).getByRole('link', { name: 'See the advice' })).toHaveAttribute(
      'href',
      '/site/demo-site/section/section-1/accessibility/issues?conformance=advice',
    )
    const review = screen.getByRole('region', { name: 'Needs review' })
    expect(review).toHaveTextContent('4 to review, 7 reviewed')
    expect(
      within(review).getByRole('link', { name: ACCESSIBILITY_UI.dashboard.seeToReview }),
    ).toHaveAttribute('href', '/site/demo-site/section/section-1/accessibility/issues?status=manual')
    expect(await findAxeViolations()).toEqual([])
  })
})
