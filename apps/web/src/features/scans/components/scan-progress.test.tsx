import type { ActiveScan } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { getActiveScansQueryOptions } from '@/lib/live-scans'
import { findAxeViolations } from '@/testing/axe'
import { installFakeApi, reply } from '@/testing/fake-api'
import { renderWithRouter } from '@/testing/render'
import { formatScanPercent } from '../format'
import { ScanProgress } from './scan-progress'

function makeActiveScan(overrides: Partial<ActiveScan> = {}): ActiveScan {
  return {
    id: 'scan-1',
    originalConfig: { sys: { id: 'site-1', slug: 'demo-site' }, siteName: 'Canopy Demo Site' },
    rootUri: 'http://127.0.0.1:8090/',
    qaFinished: 7,
    qaEnqueued: 24,
    progress: 29.166666,
    pageCount: 24,
    individualScan: false,
    isMultiple: false,
    isRootKey: true,
    individualUrl: null,
    individualPageTitle: null,
    kind: 'site',
    state: 'running',
    queuePosition: null,
    queuedAt: '2026-11-20T09:59:00.000Z',
    startedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  }
}

function renderWidget(scans: ActiveScan[]) {
  const api = installFakeApi({ 'GET /api/v1/scans': reply(scans) })
  const result = renderWithRouter(
    <>
      <header>
        <ScanProgress />
      </header>
      <main>
        <p>Page content</p>
      </main>
    </>,
  )
  return { ...result, api }
}

describe('header scan progress', () => {
  it('polls GET /api/v1/scans every 10 s only while the socket is away, with a 10 s stale time', () => {
    const offline = getActiveScansQueryOptions(false)
    expect(offline.refetchInterval).toBe(10_000)
    expect(offline.staleTime).toBe(10_000)
    expect(getActiveScansQueryOptions(true).refetchInterval).toBe(false)
  })

  it('shows percent to two decimals', () => {
    expect(formatScanPercent(29.166666)).toBe('29.17%')
    expect(formatScanPercent(100)).toBe('100.00%')
    expect(formatScanPercent(0)).toBe('0.00%')
  })

  it('lists the active scans with site, root URI or page, percent and pages, and closes by toggle, Escape and outside click', async () => {
    const events = userEvent.setup()
    const { api } = renderWidget([
      makeActiveScan(),
      makeActiveScan({
        id: 'scan-2',
        individualScan: true,
        individualUrl: 'http://127.0.0.1:8090/contact.html',
        individualPageTitle: 'Contact us',
        progress: 50,
        qaFinished: 1,
        qaEnqueued: 2,
      }),
    ])
    const toggle = await screen.findByRole('button', { name: /^Active scans/ })
    await waitFor(() => expect(toggle).toHaveAccessibleName('Active scans 2 queued or running'))
    expect(api.callsTo('GET /api/v1/scans')[0]?.credentials).toBe('include')

    await events.click(toggle)
    const dialog = await screen.findByRole('dialog', { name: 'Active scans' })
    const [site, page] = within(dialog).getAllByRole('listitem')
    if (!site || !page) throw new Error('two scans expected')
    expect(within(site).getByRole('progressbar', { name: 'Canopy Demo Site' })).toHaveAttribute(
      'aria-valuetext',
      '29.17%, 7 of 24 pages',
    )
    expect(site).toHaveTextContent('http://127.0.0.1:8090/')
    expect(site).toHaveTextContent('29.17%')
    expect(site).toHaveTextContent('7 / 24 pages')
    expect(page).toHaveTextContent('Contact us (http://127.0.0.1:8090/contact.html)')
    expect(page).toHaveTextContent('50.00%')
    expect(await findAxeViolations()).toEqual([])

    await events.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(toggle).toHaveFocus())

    await events.click(toggle)
    await screen.findByRole('dialog', { name: 'Active scans' })
    await events.click(toggle)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await events.click(toggle)
    await screen.findByRole('dialog', { name: 'Active scans' })
    await events.click(screen.getByText('Page content'))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows a queued scan with its place in the queue, and leads to the active scans screen', async () => {
    const events = userEvent.setup()
    renderWidget([
      makeActiveScan({
        id: 'scan-3',
        originalConfig: { sys: { id: 'site-2', slug: 'docs' }, siteName: 'Docs' },
        rootUri: 'https://docs.example/',
        state: 'queued',
        queuePosition: 2,
        progress: 0,
        qaFinished: 0,
        qaEnqueued: 0,
        startedAt: null,
      }),
    ])
    await events.click(await screen.findByRole('button', { name: /^Active scans/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Active scans' })
    const queued = within(dialog).getByRole('listitem')
    expect(within(queued).getByRole('progressbar', { name: 'Docs' })).toHaveAttribute(
      'aria-valuetext',
      'Queued, position 2 in the queue',
    )
    expect(queued).toHaveTextContent('Queued, position 2 in the queue')
    expect(within(dialog).getByRole('link', { name: 'See all active scans' })).toHaveAttribute(
      'href',
      '/scans',
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('names a single-page scan outside any site by its URL, then by its title once known', async () => {
    const events = userEvent.setup()
    const singlePage = {
      originalConfig: null,
      rootUri: 'https://elsewhere.example.test/',
      individualScan: true,
      isRootKey: false,
      qaFinished: 0,
      qaEnqueued: 1,
      progress: 0,
      pageCount: 1,
    }
    renderWidget([
      makeActiveScan({
        ...singlePage,
        id: 'single-1',
        individualUrl: 'https://elsewhere.example.test/news',
        individualPageTitle: null,
      }),
      makeActiveScan({
        ...singlePage,
        id: 'single-2',
        individualUrl: 'https://elsewhere.example.test/about',
        individualPageTitle: 'About Elsewhere',
      }),
    ])
    await events.click(await screen.findByRole('button', { name: /^Active scans/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Active scans' })
    const [untitled, titled] = within(dialog).getAllByRole('listitem')
    if (!untitled || !titled) throw new Error('two scans expected')
    expect(
      within(untitled).getByRole('progressbar', { name: 'https://elsewhere.example.test/news' }),
    ).toHaveAttribute('aria-valuetext', '0.00%, 0 of 1 pages')
    expect(untitled).toHaveTextContent('0 / 1 pages')
    expect(within(titled).getByRole('progressbar', { name: 'About Elsewhere' })).toBeInTheDocument()
    expect(titled).toHaveTextContent('https://elsewhere.example.test/about')
    expect(await findAxeViolations()).toEqual([])
  })

  it('says when no scan is running', async () => {
    const events = userEvent.setup()
    renderWidget([])
    await events.click(await screen.findByRole('button', { name: /^Active scans/ }))
    expect(await screen.findByText('No scans are queued or running.')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })
})
