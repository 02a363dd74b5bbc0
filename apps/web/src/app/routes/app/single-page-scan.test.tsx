import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { CategoryResult, SinglePageScanResult } from '@canopy/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { Server, type Socket } from 'socket.io'
import { io } from 'socket.io-client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { axeRuleToAudit, must, readAxe, readLighthouse, toAudit } from '@/features/audits/testing/tool-output'
import { type AppSocket, SocketProvider } from '@/lib/socket'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, installFakeApi, reply } from '@/testing/fake-api'
import { renderWithRouter } from '@/testing/render'
import { Component as SinglePageScanRoute } from './single-page-scan'

const PAGE = 'http://127.0.0.1:8090/problems/images.html'

/**
 * axe on our screen; the snapshot frame holds the scanned page, whose problems are the scan's findings,
 * not ours (and jsdom frames cannot answer axe's frame messages).
 */
async function findAxeViolationsBesideSnapshot() {
  const results = await axe.run(document.body, {
    iframes: false,
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  })
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.html),
  }))
}

/** A result built from real tool output: axe violations for accessibility, Lighthouse for the rest. */
function makeResult({ withFailures = true } = {}): SinglePageScanResult {
  const axe = readAxe('axe.json')
  const heavy = readLighthouse('heavy.desktop.default.json')
  const empty = { failed: [], manual: [], passed: [], notApplicable: [] }
  const accessibility: CategoryResult = {
    score: withFailures ? 62 : 100,
    audits: {
      ...empty,
      failed: withFailures ? axe.violations.slice(0, 2).map(axeRuleToAudit) : [],
      passed: [{ ...axeRuleToAudit(axe.violations[2] as never), id: 'passed-rule', score: 1, details: null }],
    },
  }
  return {
    pageTitle: 'Images',
    url: PAGE,
    accessibility,
    seo: { score: 91, audits: { ...empty, passed: [toAudit(heavy, 'document-title')] } },
    performance: {
      score: 48,
      audits: {
        ...empty,
        failed: [toAudit(heavy, 'layout-shifts')],
        notApplicable: [toAudit(heavy, 'network-requests')],
      },
    },
    contentquality: { score: 80, audits: empty },
  }
}

let http: HttpServer
let ioServer: Server
let port = 0
let onWait: (socket: Socket, id: string) => void = () => {}

beforeEach(async () => {
  http = createServer()
  ioServer = new Server(http, { path: '/socket.io', cors: { origin: true, credentials: true } })
  ioServer.on('connection', (socket) => {
    // The spec's form: the client emits waitForScan with the bare scan id.
    socket.on('waitForScan', (scanId: string, ack?: (answer: { ok: boolean }) => void) => {
      ack?.({ ok: true })
      onWait(socket, scanId)
    })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  port = (http.address() as AddressInfo).port
})

afterEach(async () => {
  onWait = () => {}
  await ioServer.close()
})

function renderScreen(url: string, routes: Record<string, FakeHandler> = {}) {
  const api = installFakeApi({
    'POST /api/v1/scans': reply({ success: true, id: 'scan-42' }),
    'GET /api/v1/single-page-scan/progress/:scanId': reply({ position: 3, totalCount: 5, eta: 150_000 }),
    ...routes,
  })
  const socket = io(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    autoConnect: false,
  }) as unknown as AppSocket
  const result = renderWithRouter(
    <SocketProvider socket={socket}>
      <SinglePageScanRoute />
    </SocketProvider>,
    { url, path: '/single-page-scan/:tabId?' },
  )
  return { ...result, api }
}

const scanUrl = (tab = 'accessibility') => `/single-page-scan/${tab}?uri=${encodeURIComponent(PAGE)}`

describe('single page scan', () => {
  it("asks for a page URL when there is none: 'Page URL is required'", async () => {
    renderScreen('/single-page-scan/accessibility')
    expect(await screen.findByRole('alert')).toHaveTextContent('Page URL is required')
    expect(screen.getByRole('heading', { level: 1, name: 'Single page scan' })).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('starts the scan, shows the queue position and estimate while waiting, then the scores and failed audits', async () => {
    // The answer waits until the test has seen the queue.
    const pending: { answer?: () => void } = {}
    onWait = (socket, id) => {
      pending.answer = () => socket.emit('scan-response', { id, success: true, result: makeResult() })
    }
    const { api } = renderScreen(scanUrl())
    expect(await screen.findByRole('heading', { name: `Scanning ${PAGE}` })).toBeInTheDocument()
    expect(await screen.findByText('3 of 5')).toBeInTheDocument()
    expect(screen.getByText('~3 minutes')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/scans')[0]?.body).toEqual({ uri: PAGE, useSocket: true })
    expect(api.callsTo('POST /api/v1/scans')[0]?.credentials).toBe('include')
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])

    await waitFor(() => expect(pending.answer).toBeDefined())
    pending.answer?.()
    const tabs = await screen.findByRole('tablist', { name: 'Scan results' }, { timeout: 5000 })
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Accessibility62 Needs improvement',
      'SEO91 Good',
      'Performance48 Poor',
      'Content quality80 Needs improvement',
    ])
    expect(within(tabs).getByRole('tab', { name: /Accessibility/ })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('button', { name: 'Failed 2' })).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('button', { name: 'Passed 1' })).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByRole('region', { name: 'Accessibility score' })).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/scans')).toHaveLength(1)
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])
  })

  it('switches tabs in the URL, names the performance groups, and falls back to accessibility for an unknown tab', async () => {
    const events = userEvent.setup()
    onWait = (socket, id) => socket.emit('scan-response', { id, success: true, result: makeResult() })
    const { router } = renderScreen(scanUrl('made-up'))
    const tabs = await screen.findByRole('tablist', { name: 'Scan results' }, { timeout: 5000 })
    expect(within(tabs).getByRole('tab', { name: /Accessibility/ })).toHaveAttribute('aria-selected', 'true')
    await events.click(within(tabs).getByRole('tab', { name: /Performance/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/single-page-scan/performance'))
    expect(new URLSearchParams(router.state.location.search).get('uri')).toBe(PAGE)
    expect(await screen.findByRole('button', { name: 'Opportunities 1' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    expect(screen.getByRole('button', { name: 'Diagnostics 1' })).toHaveAttribute('aria-expanded', 'false')
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])
  })

  it("says 'Well done / All of your audits have passed' when nothing failed", async () => {
    onWait = (socket, id) =>
      socket.emit('scan-response', { id, success: true, result: makeResult({ withFailures: false }) })
    renderScreen(scanUrl())
    expect(await screen.findByText('Well done', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText('All of your audits have passed')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it("shows the error state with the server's message on scan-error", async () => {
    onWait = (socket, id) =>
      socket.emit('scan-error', { id, message: 'The page did not answer: ECONNREFUSED' })
    renderScreen(scanUrl())
    expect(
      await screen.findByRole(
        'heading',
        { name: "There's been an error loading your data" },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('The page did not answer: ECONNREFUSED')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('ends the wait as a failure when the socket disconnects', async () => {
    onWait = (socket) => socket.disconnect(true)
    renderScreen(scanUrl())
    expect(
      await screen.findByRole(
        'heading',
        { name: "There's been an error loading your data" },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument()
  })

  it('shows the error state when the scan cannot start, with the server message', async () => {
    renderScreen(scanUrl(), {
      'POST /api/v1/scans': reply(
        { statusCode: 400, error: 'Bad Request', message: 'uri: Page URL is required' },
        400,
      ),
    })
    expect(await screen.findByText('uri: Page URL is required')).toBeInTheDocument()
  })

  it('shows the snapshot in a sandboxed frame beside the tabs, with Page actions to hide and show it', async () => {
    const events = userEvent.setup()
    onWait = (socket, id) => socket.emit('scan-response', { id, success: true, result: makeResult() })
    renderScreen(scanUrl())
    const frame = await screen.findByTitle(`Snapshot of ${PAGE}`, {}, { timeout: 5000 })
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin')
    expect(frame).toHaveAttribute('src', '/api/v1/single-page-scan/snapshot/scan-42')
    await events.click(screen.getByRole('button', { name: 'Page actions' }))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Hide page renderer', 'Toggle hidden elements', 'Remove blocking element'])
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])
    await events.click(within(menu).getByRole('menuitem', { name: 'Hide page renderer' }))
    await waitFor(() => expect(screen.queryByTitle(`Snapshot of ${PAGE}`)).not.toBeInTheDocument())
    await events.click(screen.getByRole('button', { name: 'Page actions' }))
    await events.click(await screen.findByRole('menuitem', { name: 'Show page renderer' }))
    expect(await screen.findByTitle(`Snapshot of ${PAGE}`)).toBeInTheDocument()
  })

  it('shows the inventory tab after performance with the linked documents and the contact details', async () => {
    const events = userEvent.setup()
    const result: SinglePageScanResult = {
      ...makeResult(),
      inventory: {
        documents: [
          {
            url: 'http://127.0.0.1:8090/files/annual-report-2025.pdf',
            kind: 'pdf',
            extension: '.pdf',
            linkText: 'Annual report 2025 (PDF)',
            httpStatus: 200,
            isBroken: false,
          },
          {
            url: 'http://127.0.0.1:8090/files/missing-budget.xlsx',
            kind: 'spreadsheet',
            extension: '.xlsx',
            linkText: '',
            httpStatus: 404,
            isBroken: true,
          },
        ],
        contacts: [
          { kind: 'email', value: 'press@riverbend.gov.uk', valid: true, count: 2 },
          { kind: 'telephone', value: '+4420794', valid: false, count: 1 },
        ],
      },
    }
    onWait = (socket, id) => socket.emit('scan-response', { id, success: true, result })
    const { router } = renderScreen(scanUrl())
    const tabs = await screen.findByRole('tablist', { name: 'Scan results' }, { timeout: 5000 })
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Accessibility62 Needs improvement',
      'SEO91 Good',
      'Performance48 Poor',
      'Inventory',
      'Content quality80 Needs improvement',
    ])
    await events.click(within(tabs).getByRole('tab', { name: 'Inventory' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/single-page-scan/inventory'))
    const panel = screen.getByRole('tabpanel', { name: 'Inventory' })
    const [documents, contacts] = within(panel).getAllByRole('table')
    if (!documents || !contacts) throw new Error('two lists expected')
    expect(
      within(documents).getByRole('rowheader', { name: /Annual report 2025 \(PDF\)/ }),
    ).toBeInTheDocument()
    expect(within(documents).getByRole('link', { name: /Annual report 2025/ })).toHaveAttribute(
      'href',
      'http://127.0.0.1:8090/files/annual-report-2025.pdf',
    )
    // without link text the row is named by its file
    const missing = within(documents).getByRole('row', { name: /missing-budget\.xlsx/ })
    expect(missing).toHaveTextContent('Spreadsheet (.xlsx)')
    expect(missing).toHaveTextContent('Broken (404)')
    expect(within(contacts).getByRole('row', { name: /press@riverbend\.gov\.uk/ })).toHaveTextContent(
      'press@riverbend.gov.ukE-mail addressValid2',
    )
    expect(within(contacts).getByRole('row', { name: /\+4420794/ })).toHaveTextContent(
      'Phone numberNot valid1',
    )
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])

    // each list filters on its own, in the URL
    await events.type(
      within(panel).getByRole('searchbox', { name: 'Filter e-mail addresses and phone numbers' }),
      'press{Enter}',
    )
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('contacts.search')).toBe('press'),
    )
    expect(within(contacts).queryByRole('row', { name: /\+4420794/ })).not.toBeInTheDocument()
    expect(within(documents).getAllByRole('row')).toHaveLength(3)
    expect(new URLSearchParams(router.state.location.search).get('uri')).toBe(PAGE)
  })

  it('says when the page links no documents and has no contact details', async () => {
    const events = userEvent.setup()
    onWait = (socket, id) =>
      socket.emit('scan-response', {
        id,
        success: true,
        result: { ...makeResult(), inventory: { documents: [], contacts: [] } },
      })
    renderScreen(scanUrl('inventory'))
    const panel = await screen.findByRole('tabpanel', { name: 'Inventory' }, { timeout: 5000 })
    expect(within(panel).getByText('No documents are linked from this page.')).toBeInTheDocument()
    expect(
      within(panel).getByText('No e-mail addresses or phone numbers were found on this page.'),
    ).toBeInTheDocument()
    expect(await findAxeViolationsBesideSnapshot()).toEqual([])
    await events.click(screen.getByRole('tab', { name: /Accessibility/ }))
    expect(screen.queryByRole('tabpanel', { name: 'Inventory' })).not.toBeInTheDocument()
  })

  it('opens to accessibility when an older result without an inventory is asked for its inventory tab', async () => {
    onWait = (socket, id) => socket.emit('scan-response', { id, success: true, result: makeResult() })
    renderScreen(scanUrl('inventory'))
    const tabs = await screen.findByRole('tablist', { name: 'Scan results' }, { timeout: 5000 })
    expect(within(tabs).queryByRole('tab', { name: 'Inventory' })).not.toBeInTheDocument()
    expect(within(tabs).getByRole('tab', { name: /Accessibility/ })).toHaveAttribute('aria-selected', 'true')
  })

  it("shows a failing element's stored screenshot from the scan's element-screenshot route", async () => {
    const result = makeResult()
    const failed = must(result.accessibility.audits.failed[0], 'a failed audit')
    const items = (failed.details as unknown as { items: { node: Record<string, unknown> }[] }).items
    for (const [index, item] of items.entries()) {
      item.node.screenshotPath = `scans/scan-42/page/element-${index}.png`
    }
    onWait = (socket, id) => socket.emit('scan-response', { id, success: true, result })
    renderScreen(scanUrl())
    const events = userEvent.setup()
    await screen.findByRole('tablist', { name: 'Scan results' }, { timeout: 5000 })
    await events.click(screen.getByRole('button', { name: new RegExp(`^${failed.title.slice(0, 20)}`) }))
    const thumbnail = must(screen.getAllByRole('button', { name: /^Enlarge screenshot of / })[0])
    expect(thumbnail.querySelector('img')).toHaveAttribute(
      'src',
      `/api/v1/single-page-scan/element-screenshot/scan-42?path=${encodeURIComponent('scans/scan-42/page/element-0.png')}`,
    )
  })

  it("says 'Page could not be rendered' when the frame holds no snapshot (an error answer)", async () => {
    onWait = (socket, id) => socket.emit('scan-response', { id, success: true, result: makeResult() })
    renderScreen(scanUrl())
    const frame = await screen.findByTitle(`Snapshot of ${PAGE}`, {}, { timeout: 5000 })
    const errorAnswer = document.implementation.createDocument(null, null)
    Object.defineProperty(frame, 'contentDocument', { value: errorAnswer })
    fireEvent.load(frame)
    expect(await screen.findByText('Page could not be rendered')).toBeInTheDocument()
  })
})
