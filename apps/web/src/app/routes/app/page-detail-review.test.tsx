import type { AuditIssue, IssueReview, PageDetail } from '@canopy/contracts'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it, vi } from 'vitest'
import { ACCESSIBILITY_UI } from '@/config/accessibility-messages'
import { axeRuleToAudit, must, readAxe } from '@/features/audits/testing/tool-output'
import { emptyAuditData, makePageDetail, toAuditIssue } from '@/testing/area-fixtures'
import { type FakeHandler, installFakeApi, reply } from '@/testing/fake-api'
import { makeSite } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as PageDetailRoute } from './page-detail'

// these tests type and wait on a shared, busy machine: a slower render is not a failure
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 60_000 })

const violations = readAxe('axe.json').violations
const rule = (id: string) =>
  must(
    violations.find((candidate) => candidate.id === id),
    id,
  )

/** image-alt found by axe-core and IBM Equal Access, its one element credited to both. */
function failure(): AuditIssue {
  const audit = axeRuleToAudit(rule('image-alt'))
  const details = audit.details as unknown as { items: { node: Record<string, unknown> }[] }
  for (const item of details.items) item.node = { ...item.node, engines: ['axe', 'equal-access'] }
  return toAuditIssue({ ...audit, wcag: ['1.1.1'], engines: ['axe', 'equal-access'], conformance: 'failure' })
}

/** region: a best practice (no criterion), so advice whatever the target. */
function advice(): AuditIssue {
  const audit = axeRuleToAudit(rule('region'))
  return toAuditIssue({ ...audit, wcag: [], engines: ['axe'], conformance: 'advice' })
}

const GUIDANCE = {
  check: 'Whether the text keeps a contrast of at least 4.5:1 against the background image behind it.',
  how: 'Zoom in on the text and measure its colour against the darkest and lightest parts behind it.',
  techniques: [
    {
      id: 'G18',
      title: 'Ensuring a contrast ratio of at least 4.5:1',
      url: 'https://www.w3.org/WAI/WCAG22/Techniques/general/G18',
    },
  ],
  understandingUrl: 'https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html',
}

/** color-contrast that an engine could not decide, with its guidance; `review` the decision so far. */
function needsReview(review: IssueReview | null): AuditIssue {
  const audit = axeRuleToAudit(rule('color-contrast'))
  return toAuditIssue(
    { ...audit, issueLevel: 'Manual', wcag: ['1.4.3'], engines: ['equal-access'], conformance: 'failure' },
    { guidance: GUIDANCE, review },
  )
}

/** As the API files a decided result: confirmed among the failures, dismissed still under manual. */
function pageWith(review: IssueReview | null): PageDetail {
  const reviewed = needsReview(review)
  const confirmed = review?.decision === 'confirmed'
  return makePageDetail({
    accessibility: {
      ...emptyAuditData(62),
      issuesFailed: [failure(), advice(), ...(confirmed ? [reviewed] : [])],
      issuesManual: confirmed ? [] : [reviewed],
    },
  })
}

/** The API as the review routes change it: the page carries the decision recorded last. */
function reviewApi() {
  let review: IssueReview | null = null
  const routes: Record<string, FakeHandler> = {
    'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true, role: 'editor' })),
    'GET /api/v1/sites/:slug/page': () => reply(pageWith(review)),
    'GET /api/v1/sites/:slug/scan-status': reply({
      active: null,
      queuePosition: null,
      lastFinished: null,
      canStartScan: true,
    }),
    'PUT /api/v1/sites/:slug/pages/:pageId/issues/:issueId/review': (request) => {
      const body = request.body as { decision: 'confirmed' | 'dismissed'; reason?: string }
      review = {
        decision: body.decision,
        reason: body.reason ?? null,
        decidedAt: '2026-11-26T09:30:00.000Z',
        decidedBy: { id: 'user-1', name: 'Dana Admin' },
      }
      return reply(review)
    },
    'DELETE /api/v1/sites/:slug/pages/:pageId/issues/:issueId/review': () => {
      review = null
      return { status: 204 }
    },
  }
  return installFakeApi(routes)
}

function renderPage() {
  const api = reviewApi()
  const result = renderSiteRoute(<PageDetailRoute />, {
    url: '/site/demo-site/pages/page-1/accessibility',
    path: 'pages/:pageId/:tabId?',
  })
  return { ...result, api }
}

async function findAxeViolationsBesideSnapshot() {
  const results = await axe.run(document.body, {
    iframes: false,
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  })
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((n) => n.html),
  }))
}

describe('page detail, accessibility tab: criteria, engines, advice and reviews', () => {
  it('shows failures of the target, advice on demand, the WCAG criteria and the engines that found each', async () => {
    renderPage()
    const failures = await screen.findByRole('button', { name: 'Failures of WCAG 2.2 AA 1' })
    expect(failures).toHaveAttribute('aria-expanded', 'true')
    const adviceToggle = screen.getByRole('button', { name: 'Advice 1' })
    expect(adviceToggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByRole('button', { name: 'Needs review 1' })).toHaveAttribute('aria-expanded', 'true')

    await userEvent.click(screen.getByRole('button', { name: /Images must have alternative text/ }))
    const criterion = screen.getByRole('link', { name: /1\.1\.1 Non-text Content/ })
    expect(criterion).toHaveAttribute(
      'href',
      'https://www.w3.org/WAI/WCAG22/Understanding/non-text-content.html',
    )
    expect(screen.getAllByText('Found by axe-core and IBM Equal Access')).toHaveLength(2)

    adviceToggle.focus()
    await userEvent.keyboard('{Enter}')
    expect(adviceToggle).toHaveAttribute('aria-expanded', 'true')
    const regionAudit = screen.getByRole('button', {
      name: /All page content should be contained by landmarks/,
    })
    expect(regionAudit).toHaveTextContent(ACCESSIBILITY_UI.advice)
    await userEvent.click(regionAudit)
    expect(screen.getByText(ACCESSIBILITY_UI.bestPractice)).toBeInTheDocument()
    expect(screen.getByText('Found by axe-core')).toBeInTheDocument()
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])
  })

  it('records a dismissal with its reason, shows who decided and when, and reopens it', async () => {
    const { api } = renderPage()
    const audit = await screen.findByRole('button', { name: /Elements must meet minimum color contrast/ })
    await userEvent.click(audit)
    expect(screen.getByText(GUIDANCE.check)).toBeInTheDocument()
    expect(screen.getByText(GUIDANCE.how)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /G18: Ensuring a contrast ratio/ })).toHaveAttribute(
      'href',
      GUIDANCE.techniques[0]?.url,
    )
    expect(screen.getByText('Found by IBM Equal Access')).toBeInTheDocument()
    const form = screen.getByRole('form', { name: /Your decision/ })
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])

    await userEvent.click(within(form).getByRole('button', { name: 'Dismiss' }))
    expect(await within(form).findByText(ACCESSIBILITY_UI.review.reasonRequired)).toBeInTheDocument()
    expect(api.callsTo('PUT /api/v1/sites/:slug/pages/:pageId/issues/:issueId/review')).toHaveLength(0)

    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Reason' }),
      'The text sits on a solid band.',
    )
    await userEvent.click(within(form).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() =>
      expect(api.callsTo('PUT /api/v1/sites/:slug/pages/:pageId/issues/:issueId/review')).toHaveLength(1),
    )
    const put = must(api.callsTo('PUT /api/v1/sites/:slug/pages/:pageId/issues/:issueId/review')[0])
    expect(put.params).toMatchObject({ slug: 'demo-site', pageId: 'page-1', issueId: 'color-contrast' })
    expect(put.body).toEqual({ decision: 'dismissed', reason: 'The text sits on a solid band.' })
    expect(await screen.findByText(ACCESSIBILITY_UI.review.saved)).toBeInTheDocument()
    // a dismissed result is listed apart from those still to review
    await userEvent.click(await screen.findByRole('button', { name: 'Dismissed after review 1' }))
    expect(screen.queryByRole('button', { name: /^Needs review/ })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: /Elements must meet minimum color contrast/ }))
    expect(await screen.findByText('Dismissed')).toBeInTheDocument()
    expect(screen.getByText(/by Dana Admin on 26 Nov 2026/)).toBeInTheDocument()
    expect(screen.getByText('The text sits on a solid band.')).toBeInTheDocument()
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: /^Reopen/ }))
    await waitFor(() =>
      expect(api.callsTo('DELETE /api/v1/sites/:slug/pages/:pageId/issues/:issueId/review')).toHaveLength(1),
    )
    expect(await screen.findByText(ACCESSIBILITY_UI.review.reopened)).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Needs review 1' })).toBeInTheDocument()
  })

  it('confirms as failed by keyboard, the reason optional', async () => {
    const { api } = renderPage()
    const audit = await screen.findByRole('button', { name: /Elements must meet minimum color contrast/ })
    audit.focus()
    await userEvent.keyboard('{Enter}')
    const confirm = await screen.findByRole('button', { name: 'Confirm as failed' })
    confirm.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(api.callsTo('PUT /api/v1/sites/:slug/pages/:pageId/issues/:issueId/review')).toHaveLength(1),
    )
    expect(api.callsTo('PUT /api/v1/sites/:slug/pages/:pageId/issues/:issueId/review')[0]?.body).toEqual({
      decision: 'confirmed',
    })
    // a confirmed result counts among the failures, its decision shown there with Reopen
    expect(await screen.findByRole('button', { name: 'Failures of WCAG 2.2 AA 2' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Needs review/ })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: /Elements must meet minimum color contrast/ }))
    expect(await screen.findByText('Confirmed as failed')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Reopen/ })).toBeInTheDocument()
    expect(screen.getByText(GUIDANCE.check)).toBeInTheDocument()
  })
})
