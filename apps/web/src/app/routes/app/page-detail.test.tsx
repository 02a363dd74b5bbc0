import { SCAN_MESSAGES } from '@canopy/contracts'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import { axeRuleToAudit, must, readAxe } from '@/features/audits/testing/tool-output'
import { PAGE_SCAN_UNDER_WAY_REASON } from '@/features/page-detail/components/page-rescan'
import { emptyAuditData, makePageDetail, SCAN_6, toAuditIssue } from '@/testing/area-fixtures'
import { type FakeHandler, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSite } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as PageDetailRoute } from './page-detail'

const SCREENSHOT_PATH = 'scans/scan-7/page-1/element-1.png'

/** A page whose accessibility tab fails one real axe rule, its first element with a stored screenshot. */
function pageWithFailure() {
  const rule = must(readAxe('axe.json').violations[0], 'axe violation')
  const audit = axeRuleToAudit(rule)
  const details = audit.details as unknown as { items: { node: Record<string, unknown> }[] }
  const first = must(details.items[0], 'failing node')
  first.node = { ...first.node, screenshotPath: SCREENSHOT_PATH }
  const issue = toAuditIssue(audit, {
    lifecycle: { failingSince: SCAN_6, lastFailed: SCAN_6, fixedIn: null, isNew: true },
    templates: [{ signature: 'abcdef0123456789', selector: 'header > img.logo', pageCount: 12 }],
  })
  return {
    rule,
    page: makePageDetail({ accessibility: { ...emptyAuditData(62), issuesFailed: [issue] } }),
  }
}

function pageScan(state: 'running' | 'completed', progress: number) {
  return {
    id: 'scan-8',
    number: 8,
    kind: 'page',
    trigger: 'manual',
    state,
    sectionId: null,
    individualUrl: 'http://127.0.0.1:8090/problems/images.html',
    progress,
    pagesDiscovered: 1,
    pagesQueued: 1,
    pagesScanned: 0,
    pagesFailed: 0,
    queuedAt: '2026-11-25T01:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    error: null,
    stopReason: null,
  }
}

const NO_SCAN = { active: null, queuePosition: null, lastFinished: null, canStartScan: true }

/** axe on our screen; the snapshot frame holds the scanned page, whose problems are its own. */
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

function renderPage(url: string, routes: Record<string, FakeHandler> = {}, page = pageWithFailure().page) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true })),
    'GET /api/v1/sites/:slug/page': reply(page),
    'GET /api/v1/sites/:slug/content-quality/misspellings/page/:pageId': reply([
      { sys: { id: 'word-1' }, entryTitle: 'recieve', language: 'en', totalCount: 2 },
      { sys: { id: 'word-2' }, entryTitle: 'teh', language: 'en', totalCount: 5 },
    ]),
    'GET /api/v1/sites/:slug/scan-status': reply(NO_SCAN),
    ...routes,
  })
  const result = renderSiteRoute(<PageDetailRoute />, { url, path: 'pages/:pageId/:tabId?' })
  return { ...result, api }
}

describe('page detail', () => {
  it('opens on the accessibility tab with the failed issue, its nodes, element screenshot, lifecycle and renderer', async () => {
    const { rule } = pageWithFailure()
    const { api } = renderPage('/site/demo-site/pages/page-1/nonsense')
    expect(await screen.findByRole('heading', { level: 1, name: 'Images' })).toBeInTheDocument()
    expect(api.callsTo('GET /api/v1/sites/:slug/page')[0]?.query.get('pageId')).toBe('page-1')
    expect(screen.getByRole('tab', { name: /Accessibility/ })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Accessibility pages')

    const audit = screen.getByRole('button', { name: new RegExp(rule.help.slice(0, 20)) })
    await userEvent.click(audit)
    const firstSelector = must(rule.nodes[0], 'node').html
    expect(screen.getAllByText(firstSelector, { exact: false }).length).toBeGreaterThan(0)
    const thumbnail = screen.getAllByRole('button', { name: /^Enlarge screenshot of/ })[0]
    const image = must(thumbnail?.querySelector('img'), 'thumbnail image')
    expect(image.getAttribute('src')).toBe(
      `/api/v1/sites/demo-site/element-screenshot?pageId=page-1&path=${encodeURIComponent(SCREENSHOT_PATH)}`,
    )
    expect(screen.getByText('New in the last scan')).toBeInTheDocument()
    expect(screen.getByText('Failing since scan 6 (13 Nov 2026)')).toBeInTheDocument()
    expect(screen.getByText(/fix once, clears/)).toHaveTextContent(
      'fails this check on 12 pages: fix once, clears 12 pages.',
    )
    expect(screen.getByRole('link', { name: /See the pages with this element/ })).toHaveAttribute(
      'href',
      `/site/demo-site/accessibility/issues/${rule.id}?template=abcdef0123456789`,
    )
    expect(
      await screen.findByTitle('Snapshot of http://127.0.0.1:8090/problems/images.html'),
    ).toHaveAttribute('src', '/api/v1/sites/demo-site/product-snapshot?guid=page-1')
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])
  })

  it('moves between tabs with the arrow keys, each tab a URL of its own', async () => {
    const { router } = renderPage('/site/demo-site/section/problems/pages/page-1/accessibility')
    const tab = await screen.findByRole('tab', { name: /Accessibility/ })
    tab.focus()
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/site/demo-site/section/problems/pages/page-1/seo'),
    )
    expect(screen.getByRole('tab', { name: /SEO/ })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByText('Well done')).toBeInTheDocument()
  })

  it('shows the overview: four scores, what the last scan found, redirects and the full-page screenshot', async () => {
    renderPage('/site/demo-site/pages/page-1/overview')
    expect(await screen.findByRole('region', { name: 'Accessibility score' })).toHaveTextContent('62')
    expect(screen.getByRole('region', { name: 'Performance score' })).toBeInTheDocument()
    expect(screen.getByText('scan 7 (20 Nov 2026)')).toBeInTheDocument()
    expect(screen.getByText('http://127.0.0.1:8090/old/images.html')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: /Full-page screenshot of Images/ })).toHaveAttribute(
      'src',
      '/api/v1/sites/demo-site/full-page-screenshot?pageId=page-1',
    )
    expect(screen.queryByTitle(/Snapshot of/)).not.toBeInTheDocument()
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])
  })

  it("shows the page's views beside its scores when web analytics is connected, with the way to its analytics", async () => {
    const { api } = renderPage('/site/demo-site/pages/page-1/overview', {
      'GET /api/v1/analytics/:slug/views-per-day/:pageId': reply({
        total: 42,
        data: [
          { label: '2026-11-25', count: 30 },
          { label: '2026-11-26', count: 12 },
        ],
      }),
    })
    const views = await screen.findByRole('region', { name: 'Page views' })
    expect(await within(views).findByText(/42 page views in the last 1 month/)).toHaveTextContent(
      '42 page views in the last 1 month. Busiest day: 25 Nov 2026, 30.',
    )
    expect(within(views).getByRole('link', { name: /Page analytics/ })).toHaveAttribute(
      'href',
      '/site/demo-site/analytics/page-1',
    )
    expect(api.callsTo('GET /api/v1/analytics/:slug/views-per-day/:pageId')[0]?.query.get('interval')).toBe(
      'month',
    )
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])
  })

  it('shows no views while web analytics is not connected', async () => {
    const { api } = renderPage('/site/demo-site/pages/page-1/overview', {
      'GET /api/v1/analytics/:slug/views-per-day/:pageId': fail(409, 'Web analytics is not connected.'),
    })
    expect(await screen.findByRole('region', { name: 'Accessibility score' })).toBeInTheDocument()
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/analytics/:slug/views-per-day/:pageId')).toHaveLength(1),
    )
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Page views' })).not.toBeInTheDocument())
  })

  it('shows the metadata, inventory and content-quality tabs', async () => {
    const { router } = renderPage('/site/demo-site/pages/page-1/metadata')
    expect(await screen.findByRole('rowheader', { name: 'viewport' })).toBeInTheDocument()
    expect(screen.getByText('Gallery')).toBeInTheDocument()
    const blocked = screen.getByRole('table', { name: 'Requests blocked by the network policy' })
    expect(
      within(blocked).getByRole('rowheader', { name: 'http://169.254.169.254/latest/meta-data/' }),
    ).toBeVisible()
    expect(within(blocked).getByRole('cell', { name: '169.254.169.254 is linkLocal' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'See duplicate content' })).toHaveAttribute(
      'href',
      '/site/demo-site/seo/duplicate-content',
    )
    await userEvent.click(screen.getByRole('tab', { name: 'Inventory' }))
    expect(await screen.findByRole('link', { name: /Annual report/ })).toBeInTheDocument()
    expect(screen.getByText('info@demo.example')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: /Content quality/ }))
    expect(router.state.location.pathname).toBe('/site/demo-site/pages/page-1/content-quality')
    const words = await screen.findByRole('table', { name: 'Misspellings on this page' })
    const rows = within(words).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['teh', 'recieve'])
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])
  })

  it('says how many pages share the title when the duplicate check lists only some, and where all are', async () => {
    const others = Array.from({ length: 20 }, (_, index) => ({
      url: `http://127.0.0.1:8090/p/${index}.html`,
    }))
    const duplicateTitle = toAuditIssue({
      id: 'duplicate-title',
      title: 'Page title is unique',
      description: 'Pages sharing one title compete with each other in search results.',
      issueLevel: 'Error',
      score: 0,
      wcag: [],
      nodeCount: 4_999,
      details: {
        type: 'table',
        headings: [{ key: 'url', valueType: 'url', label: 'Same as' }],
        items: others,
      },
    })
    const page = makePageDetail({ seo: { ...emptyAuditData(50), issuesFailed: [duplicateTitle] } })
    renderPage('/site/demo-site/pages/page-1/seo', {}, page)
    await userEvent.click(await screen.findByRole('button', { name: /Page title is unique/ }))
    expect(await screen.findByText(/Listed here: 20 of the 4,999 other pages sharing it\./)).toBeVisible()
    expect(screen.getByRole('link', { name: 'See every page with this title' })).toHaveAttribute(
      'href',
      '/site/demo-site/seo/duplicate-content?type=title',
    )
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])
  })

  it('rescans the page: the request names the page, a toast says it is queued, and a 409 says why not', async () => {
    let answer: FakeHandler = reply({ scanId: 'scan-8' }, 202)
    const { api } = renderPage('/site/demo-site/pages/page-1/accessibility', {
      'POST /api/v1/sites/:slug/scans': (request) =>
        typeof answer === 'function' ? answer(request) : answer,
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Rescan page' }))
    expect(await screen.findByText(SCAN_MESSAGES.pageScanQueued)).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/sites/:slug/scans')[0]?.body).toEqual({
      uri: 'http://127.0.0.1:8090/problems/images.html',
      pageTitle: 'Images',
    })
    answer = fail(409, SCAN_MESSAGES.siteScanActive)
    await userEvent.click(screen.getByRole('button', { name: 'Rescan page' }))
    expect(await screen.findByText(SCAN_MESSAGES.siteScanActive)).toBeInTheDocument()
  })

  it("follows the rescan: its progress while it runs, then the page's new results once it completes", async () => {
    let status: unknown = { ...NO_SCAN, active: pageScan('running', 50), queuePosition: 0 }
    const { api, queryClient } = renderPage('/site/demo-site/pages/page-1/accessibility', {
      'GET /api/v1/sites/:slug/scan-status': () => reply(status),
    })
    expect(await screen.findByText('Rescanning: 50%')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Rescan page' })).toBeDisabled()
    expect(screen.getByText(PAGE_SCAN_UNDER_WAY_REASON)).toBeInTheDocument()
    expect(api.callsTo('GET /api/v1/sites/:slug/page')).toHaveLength(1)

    status = { ...NO_SCAN, lastFinished: pageScan('completed', 100) }
    // without the socket the status is polled every 10 s; the test asks at once instead of waiting
    await act(() =>
      queryClient.invalidateQueries({ queryKey: ['sites', 'detail', 'demo-site', 'scan-status'] }),
    )
    expect(await screen.findByText('Rescanned: the results below are the new ones')).toBeInTheDocument()
    await waitFor(() => expect(api.callsTo('GET /api/v1/sites/:slug/page')).toHaveLength(2))
    expect(screen.getByRole('button', { name: 'Rescan page' })).toBeEnabled()
  })

  it('offers no rescan to a member who is not an admin, and shows the detail error when the page fails to load', async () => {
    renderPage('/site/demo-site/pages/page-1/accessibility', {
      'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true, hasAdminAccess: false })),
      'GET /api/v1/sites/:slug/page': fail(500, 'Database unavailable'),
    })
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument()
    expect(
      screen.getByText("We couldn't load your data. Please reload the page or try again later."),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Rescan page' })).not.toBeInTheDocument()
  })
})

describe('the issue tracker ticket of a failed issue', () => {
  it('creates a ticket from the template, then shows its link and unlinks it', async () => {
    const { rule, page } = pageWithFailure()
    let ticket: { ticketId: string; ticketUrl: string } | null = null
    const withTicket = () => {
      const failed = page.accessibility.issuesFailed.map((issue) => ({ ...issue, linkedJiraIssue: ticket }))
      return { ...page, accessibility: { ...page.accessibility, issuesFailed: failed } }
    }
    const { api } = renderPage('/site/demo-site/pages/page-1/accessibility', {
      'GET /api/v1/sites/:slug': reply(
        makeSite({
          firstScanCompleted: true,
          jiraIntegration: { enabled: true, baseUrl: 'https://t.example' },
        }),
      ),
      'GET /api/v1/sites/:slug/page': () => reply(withTicket()),
      'GET /api/v1/sites/:slug/integrations/jira/:pageId/:issueId/template': reply({
        projectName: 'Website',
        projectLink: 'https://t.example/browse/WEB',
        issueTypes: ['Task', 'Bug'],
        summary: 'Images need alt text',
        description: 'Page: http://127.0.0.1:8090/problems/images.html',
      }),
      'POST /api/v1/sites/:slug/integrations/jira/:pageId/:issueId': () => {
        ticket = { ticketId: 'WEB-1', ticketUrl: 'https://t.example/browse/WEB-1' }
        return reply(ticket, 201)
      },
      'DELETE /api/v1/sites/:slug/integrations/jira/:pageId/:issueId': () => {
        ticket = null
        return reply(undefined, 204)
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(rule.help.slice(0, 20)) }))
    await userEvent.click(screen.getByRole('button', { name: /^Create ticket:/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Create ticket' })
    const summary = await within(dialog).findByLabelText(/Summary/)
    expect(summary).toHaveValue('Images need alt text')
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])
    await userEvent.clear(summary)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create ticket' }))
    expect(await within(dialog).findByText('Issue summary is required')).toBeInTheDocument()
    await userEvent.type(summary, 'Add alt text')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create ticket' }))
    expect(await screen.findByText('Issue tracker ticket created successfully!')).toBeInTheDocument()
    const [created] = api.callsTo('POST /api/v1/sites/:slug/integrations/jira/:pageId/:issueId')
    expect(created?.body).toMatchObject({ summary: 'Add alt text', issueType: 'Task' })
    const link = await screen.findByRole('link', { name: /Ticket WEB-1/ })
    expect(link).toHaveAttribute('href', 'https://t.example/browse/WEB-1')
    await userEvent.click(screen.getByRole('button', { name: 'Unlink from issue tracker' }))
    expect(await screen.findByText('Successfully unlinked from issue tracker')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('link', { name: /Ticket WEB-1/ })).not.toBeInTheDocument())
  })

  it('offers no ticket while the tracker is off, or to a viewer', async () => {
    const { rule } = pageWithFailure()
    renderPage('/site/demo-site/pages/page-1/accessibility', {
      'GET /api/v1/sites/:slug': reply(
        makeSite({
          firstScanCompleted: true,
          role: 'viewer',
          jiraIntegration: { enabled: true, baseUrl: '' },
        }),
      ),
    })
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(rule.help.slice(0, 20)) }))
    expect(screen.queryByRole('button', { name: /Create ticket/ })).not.toBeInTheDocument()
  })
})
