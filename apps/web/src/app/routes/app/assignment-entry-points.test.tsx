import type { AuditIssue } from '@canopy/contracts'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import {
  emptyAuditData,
  makeIssueDetail,
  makeIssuePageItem,
  makePageDetail,
  SCAN_6,
} from '@/testing/area-fixtures'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, installFakeApi, reply } from '@/testing/fake-api'
import { makeSite, pageOf } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as IssueRoute } from './accessibility-issue'
import { Component as PageDetailRoute } from './page-detail'

// these tests type and wait on a shared, busy machine: a slower render is not a failure
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 60_000 })

const FAILED: AuditIssue = {
  issueId: 'image-alt',
  title: 'Images must have alternative text',
  description: 'Ensures img elements have alternate text',
  issueDescription: 'Ensures img elements have alternate text',
  issueDetails: null,
  details: null,
  issueLevel: 'A',
  group: null,
  score: 0,
  wcag: ['1.1.1'],
  nodeCount: 1,
  lifecycle: { failingSince: SCAN_6, lastFailed: SCAN_6, fixedIn: null, isNew: false },
  templates: [],
  assignment: null,
  linkedJiraIssue: null,
  engines: ['axe'],
  actRules: [],
  conformance: 'failure',
  review: null,
  guidance: null,
}

function renderPageDetail(routes: Record<string, FakeHandler>, site = makeSite({ role: 'editor' })) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(site),
    'GET /api/v1/sites/:slug/page': reply(
      makePageDetail({
        hasSnapshot: false,
        accessibility: { ...emptyAuditData(62), issuesFailed: [FAILED] },
      }),
    ),
    'GET /api/v1/sites/:slug/scan-status': reply({
      active: null,
      queuePosition: null,
      lastFinished: null,
      canStartScan: true,
    }),
    ...routes,
  })
  const result = renderSiteRoute(<PageDetailRoute />, {
    url: '/site/demo-site/pages/page-1/accessibility',
    path: 'pages/:pageId/:tabId?',
  })
  return { ...result, api }
}

describe('assign from the page detail', () => {
  it("assigns a failed audit to a role with a comment: the modal's counter, disabled rules and toast", async () => {
    const events = userEvent.setup()
    const { api } = renderPageDetail({
      'POST /api/v1/sites/:slug/issues/:issueId/assignment': reply({ ok: true, assignment: null }),
    })
    await events.click(await screen.findByRole('button', { name: /Images must have alternative text/ }))
    await events.click(
      screen.getByRole('button', { name: 'Assign issue: Images must have alternative text' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Assign issue' })
    const submit = within(dialog).getByRole('button', { name: 'Assign issue' })
    expect(submit).toBeDisabled()
    await events.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Fix the logo')
    expect(within(dialog).getByText('12/1000 characters')).toBeInTheDocument()
    expect(submit).toBeDisabled()
    await events.click(within(dialog).getByRole('radio', { name: 'Development and IT' }))
    expect(submit).toBeEnabled()
    expect(await findAxeViolations(dialog)).toEqual([])
    await events.click(submit)
    expect(await screen.findByText('Successfully assigned task')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/sites/:slug/issues/:issueId/assignment')[0]?.body).toEqual({
      pageId: 'page-1',
      userId: 'development-and-it',
      comment: 'Fix the logo',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // the page's results are read again
    expect(api.callsTo('GET /api/v1/sites/:slug/page').length).toBeGreaterThan(1)
  })

  it("says 'Failed to assign issue' when the assignment is refused", async () => {
    const events = userEvent.setup()
    renderPageDetail({
      'POST /api/v1/sites/:slug/issues/:issueId/assignment': reply({ statusCode: 409, message: 'x' }, 409),
    })
    await events.click(await screen.findByRole('button', { name: /Images must have alternative text/ }))
    await events.click(
      screen.getByRole('button', { name: 'Assign issue: Images must have alternative text' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Assign issue' })
    await events.click(within(dialog).getByRole('radio', { name: 'Design' }))
    await events.click(within(dialog).getByRole('button', { name: 'Assign issue' }))
    expect(await screen.findByText('Failed to assign issue')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Assign issue' })).toBeInTheDocument()
  })

  it('offers no assign control to a viewer', async () => {
    renderPageDetail({}, makeSite({ role: 'viewer', hasAdminAccess: false }))
    await userEvent.click(await screen.findByRole('button', { name: /Images must have alternative text/ }))
    expect(screen.queryByRole('button', { name: /Assign issue/ })).not.toBeInTheDocument()
  })
})

describe("assign from the issue's pages list", () => {
  it('shows whom each page is assigned to, with Assign, Edit and Unassign per row', async () => {
    const assigned = {
      assignedToId: 'design',
      assignedToName: 'Design',
      assignedById: 'user-1',
      assignedByName: 'Ada Admin',
      comment: null,
      dateTime: '2026-11-25T10:00:00.000Z',
    }
    installFakeApi({
      'GET /api/v1/sites/:slug': reply(makeSite({ role: 'editor', firstScanCompleted: true })),
      'GET /api/v1/sites/:slug/sections': (request) => reply(pageOf([], request.query)),
      'GET /api/v1/sites/:slug/issues/:issueName/pages': (request) =>
        reply(pageOf([makeIssuePageItem(1, { assignment: assigned }), makeIssuePageItem(2)], request.query)),
      'GET /api/v1/sites/:slug/issues/:issueName': reply(makeIssueDetail()),
    })
    renderSiteRoute(<IssueRoute />, {
      url: '/site/demo-site/accessibility/issues/image-alt',
      path: 'accessibility/issues/:issueName',
    })
    const table = await screen.findByRole('table', { name: 'Pages affected by this issue' })
    const first = await within(table).findByRole('row', { name: /Page 01/ })
    expect(within(first).getByText('Design')).toBeInTheDocument()
    expect(within(first).getByRole('button', { name: /Edit issue/ })).toBeInTheDocument()
    expect(within(first).getByRole('button', { name: /Unassign issue/ })).toBeInTheDocument()
    const second = within(table).getByRole('row', { name: /Page 02/ })
    await userEvent.click(within(second).getByRole('button', { name: /Assign issue/ }))
    expect(await screen.findByRole('dialog', { name: 'Assign issue' })).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })
})
