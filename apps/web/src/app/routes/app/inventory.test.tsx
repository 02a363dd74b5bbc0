import type {
  ContactItem,
  DocumentListItem,
  HistoryChartPoint,
  InventoryOverview,
  InventoryPagesResponse,
  MediaItem,
} from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { visibleCountTabs } from '@/features/inventory/components/inventory-overview'
import { STORAGE_KEYS, writeStoredValue } from '@/lib/local-store'
import { findAxeViolations } from '@/testing/axe'
import { stubChartLayout } from '@/testing/chart-layout'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, pageOf } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as InventoryRoute } from './inventory'
import { Component as InventoryListRoute } from './inventory-lists'

stubChartLayout()

const point = (x: string, y: number, numberOfPages = 12): HistoryChartPoint => ({ x, y, numberOfPages })
const series = (values: number[]) =>
  values.map((value, index) => point(`2026-11-0${index + 1}T03:00:00.000Z`, value))

function makeOverview(pdfs: number[] = [1, 2]): InventoryOverview {
  return {
    latestScan: {
      finished: '2026-11-02T03:00:00.000Z',
      pages: 12,
      allDocuments: 6,
      pdfs: 2,
      documents: 1,
      spreadsheets: 1,
      powerpoints: 1,
      archives: 1,
      media: 5,
    },
    inventoryHistory: {
      documentsFound: series([5, 6]),
      pdfsFound: series(pdfs),
      pagesFound: series([11, 12]),
      docsFound: series([1, 1]),
      archivesFound: series([1, 1]),
      spreadsheetsFound: series([1, 1]),
      powerpointsFound: series([1, 1]),
      mediaFound: series([4, 5]),
    },
  }
}

const contact = (index: number, overrides: Partial<ContactItem> = {}): ContactItem => ({
  sys: { id: `contact-${index}`, slug: `contact-${index}` },
  kind: 'email',
  entryTitle: `person${index}@riverbend.gov.uk`,
  valid: true,
  totalCount: index,
  pageCount: 1,
  ...overrides,
})

const pdf: DocumentListItem = {
  sys: { id: 'pdf-1' },
  kind: 'pdf',
  documentTitle: 'Annual report 2025',
  uri: 'http://127.0.0.1:8090/files/annual-report-2025.pdf',
  entryTitle: 'http://127.0.0.1:8090/files/annual-report-2025.pdf',
  author: 'River Bend Town Council',
  created: null,
  modified: null,
  size: 3208,
  pageCount: 2,
  accessibilityScore: 100,
  isScanned: false,
  isTagged: true,
  language: 'en-GB',
  totalCount: 1,
}

function renderInventory(url: string, path: string, routes: Parameters<typeof installFakeApi>[0] = {}) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true })),
    'GET /api/v1/sites/:slug/sections': (request) => reply(pageOf([makeSection(1)], request.query)),
    ...routes,
  })
  const element = path === 'inventory' ? <InventoryRoute /> : <InventoryListRoute />
  return { ...renderSiteRoute(element, { url, path }), api }
}

describe('inventory overview', () => {
  it('shows the count cards and a history tab per count, each chart with its table', async () => {
    renderInventory('/site/demo-site/inventory', 'inventory', {
      'GET /api/v1/sites/:slug/inventory': reply(makeOverview()),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Inventory overview' })).toBeInTheDocument()
    const cards = await screen.findByRole('list', { name: 'Found in the last scan' })
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual([
      'Pages12',
      'All documents6',
      'PDFs2View PDFs',
      'Documents1View Documents',
      'Spreadsheets1View Spreadsheets',
      'PowerPoints1View PowerPoints',
      'Archives1View Archives',
    ])
    expect(within(cards).getByRole('link', { name: 'View PDFs' })).toHaveAttribute(
      'href',
      '/site/demo-site/inventory/pdfs',
    )
    const tabs = screen.getByRole('tablist', { name: 'Inventory history' })
    expect(within(tabs).getAllByRole('tab')).toHaveLength(7)
    // Keyboard only: the tabs are one stop, the arrows move between them.
    within(tabs).getByRole('tab', { name: 'Page count' }).focus()
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    expect(within(tabs).getByRole('tab', { name: 'PDFs' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Latest scan')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('PDFs 2')
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows only the Page count tab when a series holds no data (-0.1)', () => {
    expect(visibleCountTabs(makeOverview([-0.1, 2])).map((tab) => tab.label)).toEqual(['Page count'])
    expect(visibleCountTabs(makeOverview())).toHaveLength(7)
  })

  it('says something went wrong when the overview cannot be read', async () => {
    renderInventory('/site/demo-site/inventory', 'inventory', {
      'GET /api/v1/sites/:slug/inventory': fail(500),
    })
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument()
  })
})

describe('inventory lists', () => {
  it('lists e-mail addresses with validity and occurrences linking to their pages; sorts and exports', async () => {
    const { api, router } = renderInventory('/site/demo-site/inventory/email', 'inventory/email', {
      'GET /api/v1/sites/:slug/inventory/:kind': (request) =>
        reply(
          pageOf([contact(1), contact(2, { valid: false, entryTitle: 'broken@riverbend' })], request.query),
        ),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail addresses' })).toBeInTheDocument()
    await screen.findByText('person1@riverbend.gov.uk')
    const rows = screen.getAllByRole('row')
    expect(rows[1]).toHaveTextContent('person1@riverbend.gov.ukValid1')
    expect(rows[2]).toHaveTextContent('broken@riverbendNot valid2')
    expect(within(rows[1] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/site/demo-site/inventory/email/contact-1',
    )
    expect(api.callsTo('GET /api/v1/sites/:slug/inventory/:kind')[0]?.params.kind).toBe('email')
    await userEvent.click(screen.getByRole('button', { name: 'Occurrences' }))
    await waitFor(() => expect(router.state.location.search).toContain('sortBy=totalCount'))
    await userEvent.click(screen.getByRole('button', { name: /Export/ }))
    expect(await screen.findByRole('menuitem', { name: /CSV/ })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/v1/sites/demo-site/inventory/email/export?'),
    )
    await userEvent.keyboard('{Escape}')
    expect(await findAxeViolations()).toEqual([])
  })

  it('lists PDFs by page count with sizes in KB, each leading to the pages linking to it', async () => {
    const { api } = renderInventory('/site/demo-site/inventory/pdfs', 'inventory/pdfs', {
      'GET /api/v1/sites/:slug/documents/:kind': (request) => reply(pageOf([pdf], request.query)),
    })
    await screen.findByText(pdf.uri)
    const row = screen.getAllByRole('row')[1] as HTMLElement
    expect(row).toHaveTextContent('Annual report 2025')
    expect(row).toHaveTextContent('3 KB')
    expect(within(row).getByRole('link', { name: 'Annual report 2025' })).toHaveAttribute(
      'href',
      '/site/demo-site/inventory/pdfs/pdf-1',
    )
    const call = api.callsTo('GET /api/v1/sites/:slug/documents/:kind')[0]
    expect(call?.params.kind).toBe('pdf')
    expect(call?.query.get('sortBy')).toBe('pageCount')
  })

  it('keeps media behind its flag, then lists images, audio and video', async () => {
    const media: MediaItem = {
      sys: { id: 'media-1' },
      kind: 'media',
      entryTitle: 'http://127.0.0.1:8090/images/town-hall.svg',
      mediaType: 'image',
      size: 2048,
      totalCount: 1,
    }
    const routes = {
      'GET /api/v1/sites/:slug/inventory/:kind': reply(pageOf([media], new URLSearchParams())),
    }
    const first = renderInventory('/site/demo-site/inventory/media', 'inventory/media', routes)
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument()
    first.unmount()
    writeStoredValue(STORAGE_KEYS.featureFlags, JSON.stringify({ 'inventory/media': true }))
    renderInventory('/site/demo-site/inventory/media', 'inventory/media', routes)
    await screen.findByText(media.entryTitle)
    const row = screen.getAllByRole('row')[1] as HTMLElement
    expect(row).toHaveTextContent('town-hall.svg')
    expect(row).toHaveTextContent('Image')
    expect(row).toHaveTextContent('2 KB')
  })
})

describe('the pages of one item', () => {
  it('names the telephone number and its validity, and lists its pages with their counts', async () => {
    const answer: InventoryPagesResponse = {
      ...pageOf(
        [
          {
            sys: { id: 'page-1' },
            pageTitle: 'Contact us',
            entryTitle: 'http://127.0.0.1:8090/contact',
            totalCount: 2,
          },
        ],
        new URLSearchParams(),
      ),
      item: {
        sys: { id: 'tel-1' },
        kind: 'telephone',
        entryTitle: '+442079460000',
        title: '+442079460000',
        valid: true,
      },
    }
    const { api } = renderInventory(
      '/site/demo-site/inventory/telephone/tel-1',
      'inventory/telephone/:link',
      {
        'GET /api/v1/sites/:slug/inventory/:kind/:id': reply(answer),
      },
    )
    expect(await screen.findByRole('heading', { level: 1, name: '+442079460000' })).toBeInTheDocument()
    expect(
      screen.getByRole('heading', { level: 2, name: 'Pages containing a telephone number' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Valid')).toBeInTheDocument()
    const row = screen.getAllByRole('row')[1] as HTMLElement
    expect(row).toHaveTextContent('Contact us')
    expect(row).toHaveTextContent('2')
    expect(api.callsTo('GET /api/v1/sites/:slug/inventory/:kind/:id')[0]?.params).toMatchObject({
      kind: 'telephone',
      id: 'tel-1',
    })
    expect(await findAxeViolations()).toEqual([])
  })

  it('says the item is not found for an unknown link', async () => {
    renderInventory('/site/demo-site/inventory/email/nope', 'inventory/email/:link', {
      'GET /api/v1/sites/:slug/inventory/:kind/:id': fail(
        404,
        'No e-mail address could be found with this ID.',
      ),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument()
    expect(screen.getByText('No e-mail address could be found with this ID.')).toBeInTheDocument()
  })
})
