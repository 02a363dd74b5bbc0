import type {
  AffectedPageItem,
  BrokenLinkItem,
  ContentQualityResource,
  ReadabilityResponse,
  ScanDetails,
} from '@canopy/contracts'
import { READABILITY_LEVELS } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { makeHistory, makeIssueDetail, makeIssuePageItem, makePageListItem } from '@/testing/area-fixtures'
import { findAxeViolations } from '@/testing/axe'
import { stubChartLayout } from '@/testing/chart-layout'
import { type FakeHandler, type FakeRequest, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, pageOf } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as OverviewRoute } from './content-quality'
import { Component as LinkRoute } from './content-quality-broken-link'
import { Component as BrokenLinksRoute } from './content-quality-broken-links'
import { Component as IssueRoute } from './content-quality-issue'
import { Component as PagesRoute } from './content-quality-pages'
import { Component as ReadabilityRoute } from './content-quality-readability'
import { Component as LevelRoute } from './content-quality-readability-level'

const pages = Array.from({ length: 30 }, (_, index) =>
  makePageListItem(index + 1, {
    brokenLinkCount: index % 3,
    misspellings: index % 2,
    contentQualityScore: 70,
  }),
)

function makeLink(index: number, overrides: Partial<BrokenLinkItem> = {}): BrokenLinkItem {
  return {
    sys: { id: `link-${index}`, version: { created: '2026-11-01T00:00:00.000Z' } },
    entryTitle: `https://demo.example/gone-${index}`,
    status: 404,
    error: null,
    isInternal: true,
    isUnverified: false,
    totalCount: 10 - index,
    numberOfPageViewsInThePastMonth: 0,
    ...overrides,
  }
}

const links = [
  makeLink(1),
  makeLink(2, {
    entryTitle: 'https://partner.example/expired',
    status: 904,
    error: 'CertificateError',
    isInternal: false,
  }),
  makeLink(3, {
    entryTitle: 'https://social.example/in/council',
    status: 999,
    isInternal: false,
    isUnverified: true,
  }),
  makeLink(4, {
    entryTitle: 'https://partner.example/slow',
    status: 905,
    error: 'HttpTimeout',
    isInternal: false,
    isUnverified: true,
  }),
]

const readability: ReadabilityResponse = {
  score: 55.4,
  aggregated: READABILITY_LEVELS.map((level, index) => ({
    slug: level.slug,
    friendlyText: level.name,
    occurrences: index === 0 || index === 7 ? 2 : 0,
  })),
}

const history = {
  ...makeHistory([61, 72]),
  latestScan: {
    finished: '2026-11-11T10:00:00.000Z',
    numberOfBrokenLinks: 14,
    numberOfMisspellings: 3,
    numberOfPagesWithBrokenImages: 1,
  },
}

const scanDetails: ScanDetails = {
  date: '2026-11-11T10:00:00.000Z',
  firstScanned: '2026-11-10T10:00:00.000Z',
  nextSheduledScan: null,
  scanType: 'full',
  itemsScanned: [
    { count: 20, label: 'Pages' },
    { count: 0, label: 'PDFs' },
  ],
  maximumPageLimitPerScan: 100,
  pagesScanned: 20,
  documentsScanned: 0,
  docDocumentsCount: 0,
}

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
    'GET /api/v1/sites/:slug/history': reply(history),
    'GET /api/v1/sites/:slug/scan-details': reply(scanDetails),
    'GET /api/v1/sites/:slug/content-quality/readability': reply(readability),
    'GET /api/v1/sites/:slug/pages': listOf(pages),
    'GET /api/v1/sites/:slug/content-quality/broken-links': listOf(links),
    ...routes,
  })
  return { ...renderSiteRoute(element, { url, path }), api }
}

const lastQuery = (api: ReturnType<typeof installFakeApi>, key: string) => api.callsTo(key).at(-1)?.query

stubChartLayout()

describe('content quality overview', () => {
  it('shows the score, the last scan, the four cards in their threshold bands and the progress tabs', async () => {
    renderArea(<OverviewRoute />, '/site/demo-site/content-quality', 'content-quality')
    expect(await screen.findByRole('heading', { level: 1, name: 'Content quality' })).toBeInTheDocument()
    const score = await screen.findByRole('region', { name: 'Content quality score' })
    await waitFor(() => expect(score).toHaveTextContent('+11 since the previous scan'))
    // Readability 55 fails (under 60); 14 broken links warn (12.5 to 200); 3 misspellings pass; 1 broken image fails.
    expect(await screen.findByRole('region', { name: 'Readability score' })).toHaveTextContent('55Poor')
    expect(screen.getByRole('region', { name: 'Broken links' })).toHaveTextContent('14Needs improvement')
    expect(screen.getByRole('region', { name: 'Misspellings' })).toHaveTextContent('3Good')
    expect(screen.getByRole('region', { name: 'Broken images' })).toHaveTextContent('1Poor')
    expect(screen.getByRole('link', { name: 'See more about broken images' })).toHaveAttribute(
      'href',
      '/site/demo-site/content-quality/issues/broken-images',
    )
    const lastScan = screen.getByRole('region', { name: 'Last scan summary' })
    await waitFor(() => expect(lastScan).toHaveTextContent('Pages scanned20'))
    expect(lastScan).toHaveTextContent('Scan typeFull site scan')
    expect(lastScan).not.toHaveTextContent('PDFs scanned')
    expect(lastScan).toHaveTextContent('Broken links14')
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent)
    expect(tabs).toEqual(['Overall', 'Readability', 'Broken links', 'Misspellings'])
    await userEvent.click(screen.getByRole('tab', { name: 'Broken links' }))
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Broken links by scan')
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows the first-scan notice until the first scan completes, and scopes its calls to the section', async () => {
    renderArea(<OverviewRoute />, '/site/demo-site/content-quality', 'content-quality', {}, makeSite())
    expect(await screen.findByRole('heading', { name: 'Your results are on the way' })).toBeInTheDocument()
  })

  it('asks for the section of the URL', async () => {
    const { api } = renderArea(
      <OverviewRoute />,
      '/site/demo-site/section/section-1/content-quality',
      'content-quality',
    )
    await screen.findByRole('region', { name: 'Readability score' })
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/content-quality/readability')?.get('sectionId')).toBe(
      'section-1',
    )
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/history')?.get('sectionId')).toBe('section-1')
  })
})

describe('content quality pages', () => {
  it('lists the pages with the spec columns, by URL, linking to their content quality tab', async () => {
    const { api } = renderArea(
      <PagesRoute />,
      '/site/demo-site/content-quality/pages',
      'content-quality/pages',
    )
    expect(await screen.findByRole('link', { name: 'Page 01' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-1/content-quality',
    )
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent)
    expect(headers).toEqual([
      'Page',
      'Content quality score',
      'Broken links',
      'Misspellings',
      'Readability',
      'Broken images',
      'Last scanned',
    ])
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/pages')?.get('type')).toBe('contentQuality')
    await userEvent.click(screen.getByRole('button', { name: 'Broken links' }))
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/sites/:slug/pages')?.get('sortBy')).toBe('brokenLinkCount'),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Help' }))
    expect(await screen.findByRole('dialog', { name: 'About these columns' })).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })
})

describe('readability', () => {
  it('shows the score with a rewrite suggestion, the pages per level and 5 pages of the level tab', async () => {
    const { api } = renderArea(
      <ReadabilityRoute />,
      '/site/demo-site/content-quality/readability',
      'content-quality/readability',
    )
    const score = await screen.findByRole('region', { name: 'Readability score' })
    await waitFor(() => expect(score).toHaveTextContent('55'))
    expect(score).toHaveTextContent(/consider rewriting/)
    const bars = screen.getByRole('table', { name: 'Pages per readability level' })
    expect(within(bars).getByRole('row', { name: 'Very easy to read 2' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Very difficult to read (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/sites/:slug/pages')?.get('readability')).toBe(
        'very-difficult-to-read',
      ),
    )
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/pages')?.get('pageSize')).toBe('5')
    expect(
      await screen.findByRole('link', { name: /See more pages that are very difficult to read/ }),
    ).toHaveAttribute('href', '/site/demo-site/content-quality/readability/very-difficult-to-read')
    expect(await findAxeViolations()).toEqual([])
  })

  it("reads 'No Results' in a tab without pages", async () => {
    renderArea(
      <ReadabilityRoute />,
      '/site/demo-site/content-quality/readability',
      'content-quality/readability',
      {
        'GET /api/v1/sites/:slug/pages': listOf([]),
      },
    )
    await userEvent.click(await screen.findByRole('tab', { name: 'Difficult to read (0)' }))
    expect(await screen.findByText('No Results')).toBeInTheDocument()
  })

  it('lists the pages of one level, says when there are none, and an unknown level is not found', async () => {
    const { api } = renderArea(
      <LevelRoute />,
      '/site/demo-site/content-quality/readability/easy-to-read',
      'content-quality/readability/:readability',
      { 'GET /api/v1/sites/:slug/pages': listOf([]) },
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Easy to read' })).toBeInTheDocument()
    expect(await screen.findByText('No pages which are easy to read were found')).toBeInTheDocument()
    expect(lastQuery(api, 'GET /api/v1/sites/:slug/pages')?.get('readability')).toBe('easy-to-read')
    renderArea(
      <LevelRoute />,
      '/site/demo-site/content-quality/readability/unheard-of',
      'content-quality/readability/:readability',
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
  })
})

describe('broken links', () => {
  it('shows status names, the error kinds, could-not-verify links and the occurrences linking to the detail', async () => {
    renderArea(
      <BrokenLinksRoute />,
      '/site/demo-site/content-quality/broken-links',
      'content-quality/broken-links',
    )
    const table = await screen.findByRole('table')
    expect(await within(table).findByRole('row', { name: /gone-1/ })).toHaveTextContent('404 Not Found')
    expect(within(table).getByRole('row', { name: /expired/ })).toHaveTextContent('Certificate Error')
    expect(within(table).getByRole('row', { name: /in\/council/ })).toHaveTextContent(
      '999 UnknownCould not verify',
    )
    expect(within(table).getByRole('row', { name: /slow/ })).toHaveTextContent('TimeoutCould not verify')
    expect(
      within(table).getByRole('link', { name: '9 pages link to https://demo.example/gone-1' }),
    ).toHaveAttribute('href', '/site/demo-site/content-quality/broken-links/link-1')
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Link',
      'HTTP status code',
      'Number of occurrences',
      'Date discovered',
    ])
    expect(await findAxeViolations()).toEqual([])
  })

  it('keeps the view in ?view= from the Page actions menu and filters what could not be verified', async () => {
    const { api, router } = renderArea(
      <BrokenLinksRoute />,
      '/site/demo-site/content-quality/broken-links',
      'content-quality/broken-links',
      {
        'GET /api/v1/sites/:slug/content-quality/broken-links': listOf([]),
      },
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Page actions' }))
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'external only' }))
    await waitFor(() => expect(router.state.location.search).toBe('?view=external'))
    expect(await screen.findByText('No external broken links were found')).toBeInTheDocument()
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/sites/:slug/content-quality/broken-links')?.get('view')).toBe(
        'external',
      ),
    )
    await userEvent.click(screen.getByRole('button', { name: /Check result/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Could not verify' }))
    await waitFor(() =>
      expect(
        lastQuery(api, 'GET /api/v1/sites/:slug/content-quality/broken-links')?.get('verification'),
      ).toBe('unverified'),
    )
  })
})

describe('a broken link and an issue', () => {
  const resource: ContentQualityResource = {
    kind: 'link',
    ...makeLink(1),
    isBroken: true,
    riskType: null,
    finalUrl: null,
    checkedAt: '2026-11-11T10:00:00.000Z',
  }
  const affected: AffectedPageItem[] = [
    {
      sys: { id: 'page-1', version: { modified: '2026-11-11T10:00:00.000Z' } },
      pageTitle: 'Home',
      entryTitle: 'https://demo.example/',
      occurrences: 1,
    },
  ]

  it('heads the pages affected with the link and what its check found', async () => {
    renderArea(
      <LinkRoute />,
      '/site/demo-site/content-quality/broken-links/link-1',
      'content-quality/broken-links/:link',
      {
        'GET /api/v1/sites/:slug/content-quality/resources/:resourceId': reply(resource),
        'GET /api/v1/sites/:slug/content-quality/pages-affected-by-a-link/:linkId': listOf(affected),
      },
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'https://demo.example/gone-1' }),
    ).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-1/content-quality',
    )
    expect(screen.getByRole('columnheader', { name: 'Last scan date' })).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it("reads 'No more pages affected by this broken link' without pages, and an unknown link is not found", async () => {
    renderArea(
      <LinkRoute />,
      '/site/demo-site/content-quality/broken-links/link-1',
      'content-quality/broken-links/:link',
      {
        'GET /api/v1/sites/:slug/content-quality/resources/:resourceId': reply(resource),
        'GET /api/v1/sites/:slug/content-quality/pages-affected-by-a-link/:linkId': listOf([]),
      },
    )
    expect(await screen.findByText('No more pages affected by this broken link')).toBeInTheDocument()
    renderArea(
      <LinkRoute />,
      '/site/demo-site/content-quality/broken-links/nope',
      'content-quality/broken-links/:link',
      {
        'GET /api/v1/sites/:slug/content-quality/resources/:resourceId': fail(404),
      },
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Link not found' })).toBeInTheDocument()
  })

  it('lists the pages of a content quality issue', async () => {
    const { api } = renderArea(
      <IssueRoute />,
      '/site/demo-site/content-quality/issues/broken-images',
      'content-quality/issues/:issueName',
      {
        'GET /api/v1/sites/:slug/issues/:issueName': reply(
          makeIssueDetail({ id: 'broken-images', title: 'Images load', category: 'content-quality' }),
        ),
        'GET /api/v1/sites/:slug/issues/:issueName/pages': listOf([makeIssuePageItem(1)]),
      },
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Images load' })).toBeInTheDocument()
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/sites/:slug/issues/:issueName/pages')?.get('category')).toBe(
        'content-quality',
      ),
    )
    expect(await findAxeViolations()).toEqual([])
  })
})
