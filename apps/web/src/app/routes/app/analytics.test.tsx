import {
  ANALYTICS_NOT_CONNECTED_MESSAGE,
  type PopularPage,
  type ViewsPerCountry,
  type ViewsPerDay,
} from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { buildSiteNavigation } from '@/features/navigation/nav-items'
import { makePageDetail } from '@/testing/area-fixtures'
import { findAxeViolations } from '@/testing/axe'
import { stubChartLayout } from '@/testing/chart-layout'
import { type FakeHandler, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSite } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as AnalyticsRoute } from './analytics'
import { Component as PageAnalyticsRoute } from './analytics-page'

const VIEWS: ViewsPerDay = {
  total: 1200,
  data: [
    { label: '2026-11-24', count: 300 },
    { label: '2026-11-25', count: 500 },
    { label: '2026-11-26', count: 400 },
  ],
}

const country = (countryCode: string, countryName: string, count: number) => ({
  countryCode,
  countryName,
  count,
})

/** 1,200 views: five countries at 1 % or more, four below it (20 views together, the chart's Other). */
const COUNTRIES: ViewsPerCountry = {
  data: [
    country('GB', 'United Kingdom', 900),
    country('US', 'United States', 200),
    country('FR', 'France', 50),
    country('DE', 'Germany', 30),
    country('IN', 'India', 10),
    country('BR', 'Brazil', 5),
    country('JP', 'Japan', 4),
    country('CA', 'Canada', 1),
  ],
}

const POPULAR: PopularPage[] = Array.from({ length: 12 }, (_, index) => ({
  url: `http://127.0.0.1:8090/page-${index + 1}.html`,
  hits: 500 - index * 10,
  pageId: index === 1 ? null : `page-${index + 1}`,
}))

type Reports = { views?: FakeHandler; countries?: FakeHandler; popular?: FakeHandler }

function installAnalyticsApi(reports: Reports = {}, site = makeSite({ firstScanCompleted: true })) {
  return installFakeApi({
    'GET /api/v1/sites/:slug': reply(site),
    'GET /api/v1/sites/:slug/page': reply(makePageDetail()),
    'GET /api/v1/analytics/:slug/views-per-day': reports.views ?? reply(VIEWS),
    'GET /api/v1/analytics/:slug/views-per-day/:pageId': reports.views ?? reply(VIEWS),
    'GET /api/v1/analytics/:slug/views-per-country': reports.countries ?? reply(COUNTRIES),
    'GET /api/v1/analytics/:slug/views-per-country/:pageId': reports.countries ?? reply(COUNTRIES),
    'GET /api/v1/analytics/:slug/popular-pages': reports.popular ?? reply(POPULAR),
  })
}

function renderOverview(
  url = '/site/demo-site/analytics',
  reports: Reports = {},
  site?: ReturnType<typeof makeSite>,
) {
  const api = installAnalyticsApi(reports, site)
  return { ...renderSiteRoute(<AnalyticsRoute />, { url, path: 'analytics' }), api }
}

function renderPageAnalytics(url = '/site/demo-site/analytics/page-1', reports: Reports = {}) {
  const api = installAnalyticsApi(reports)
  return { ...renderSiteRoute(<PageAnalyticsRoute />, { url, path: 'analytics/:pageId' }), api }
}

const NOT_CONNECTED = fail(409, ANALYTICS_NOT_CONNECTED_MESSAGE)
const MAP_LOAD_MS = 10_000

stubChartLayout()

describe('analytics overview', () => {
  it('shows the range, the views chart with its table, the map with its legend and table, and the most visited pages', async () => {
    const { api } = renderOverview()
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: '1 month' })).toBeChecked()
    expect(api.callsTo('GET /api/v1/analytics/:slug/views-per-day')[0]?.query.get('interval')).toBe('month')

    const views = screen.getByRole('region', { name: 'Page views' })
    expect(await within(views).findByText(/1,200 page views in the last 1 month/)).toHaveTextContent(
      '1,200 page views in the last 1 month. Busiest day: 25 Nov 2026, 500.',
    )
    await userEvent.click(within(views).getByRole('button', { name: 'Data of page views as a table' }))
    const viewsTable = within(views).getByRole('table', { name: 'Page views' })
    expect(
      within(viewsTable)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayPage views', '24 Nov 2026300', '25 Nov 2026500', '26 Nov 2026400'])

    const countries = screen.getByRole('region', { name: 'Page views by country' })
    expect(within(countries).getByText(/Visitors from 8 countries/)).toBeInTheDocument()
    const legend = within(countries).getByRole('list', { name: 'Map legend: page views per country' })
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No views', '1 to 180', '181 to 360', '361 to 540', '541 to 720', '721 to 900'])
    const countryTable = within(countries).getByRole('table', { name: 'Page views by country' })
    expect(
      within(countryTable)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'CountryPage viewsShare',
      'United Kingdom90075%',
      'United States20016.7%',
      'France504.2%',
      'Germany302.5%',
      'Other201.7%',
    ])

    const popular = screen.getByRole('region', { name: 'Most visited pages' })
    const table = within(popular).getByRole('table', { name: 'Most visited pages' })
    expect(within(table).getAllByRole('row')).toHaveLength(11)
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Page', 'Hits', 'Analytics'])
    expect(within(table).getByRole('link', { name: '/page-1.html' })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-1',
    )
    expect(within(table).getByRole('link', { name: 'Page analytics of /page-1.html' })).toHaveAttribute(
      'href',
      '/site/demo-site/analytics/page-1',
    )
    // a page the scans do not know has no links
    expect(within(table).getByRole('rowheader', { name: '/page-2.html' })).toBeInTheDocument()
    expect(within(table).queryByRole('link', { name: /page-2\.html/ })).not.toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('draws every country of the atlas, the busiest darkest, each named with its views', async () => {
    renderOverview()
    const countries = await screen.findByRole('region', { name: 'Page views by country' })
    // the map and its atlas load lazily: the first import takes a while
    await waitFor(() => expect(countries.querySelectorAll('svg path').length).toBeGreaterThan(170), {
      timeout: MAP_LOAD_MS,
    })
    const titles = [...countries.querySelectorAll('svg path title')]
    const path = (name: string) =>
      titles.find((title) => title.textContent?.startsWith(`${name}:`))?.parentElement
    expect(path('United Kingdom')).toHaveAttribute('fill', '#0c3b25')
    expect(path('United States of America')).toHaveAttribute('fill', '#8fd18a')
    expect(path('Canada')).toHaveAttribute('fill', '#c7e9c0')
    expect(path('Canada')?.querySelector('title')).toHaveTextContent('Canada: 1')
    expect(path('Australia')).toHaveAttribute('fill', '#eef1ee')
    expect(countries.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
  })

  it('changes the range from the keyboard, keeps it in the URL and asks the API for it', async () => {
    const { api, router } = renderOverview()
    const month = await screen.findByRole('radio', { name: '1 month' })
    await userEvent.tab()
    while (document.activeElement !== month) await userEvent.tab()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('radio', { name: '1 year' })).toBeChecked()
    await waitFor(() => expect(router.state.location.search).toBe('?interval=year'))
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/analytics/:slug/views-per-country').at(-1)?.query.get('interval')).toBe(
        'year',
      ),
    )
    expect(api.callsTo('GET /api/v1/analytics/:slug/views-per-day').at(-1)?.query.get('interval')).toBe(
      'year',
    )
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}')
    await waitFor(() => expect(router.state.location.search).toBe('?interval=week'))
  })

  it('opens on the range of the URL, and the default one for an unknown range', async () => {
    const first = renderOverview('/site/demo-site/analytics?interval=year', {
      views: reply({ total: 40, data: [{ label: '2026-10-01', count: 40 }] }),
    })
    expect(await screen.findByRole('radio', { name: '1 year' })).toBeChecked()
    expect(
      await screen.findByText('40 page views in the last 1 year. Busiest month: Oct 2026, 40.'),
    ).toBeVisible()
    first.unmount()
    renderOverview('/site/demo-site/analytics?interval=decade')
    expect(await screen.findByRole('radio', { name: '1 month' })).toBeChecked()
  })

  it('shows the table alternative of the views chart by keyboard', async () => {
    renderOverview()
    const views = await screen.findByRole('region', { name: 'Page views' })
    const toggle = await within(views).findByRole('button', { name: 'Data of page views as a table' })
    toggle.focus()
    await userEvent.keyboard('{Enter}')
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await userEvent.tab()
    expect(within(views).getByRole('region', { name: 'Page views: data' })).toHaveFocus()
  })

  it('shows 10 most visited pages, then the next ones on See more, with focus on the first new row', async () => {
    renderOverview()
    const popular = await screen.findByRole('region', { name: 'Most visited pages' })
    const seeMore = await within(popular).findByRole('button', { name: 'See more' })
    seeMore.focus()
    await userEvent.keyboard('{Enter}')
    const table = within(popular).getByRole('table', { name: 'Most visited pages' })
    expect(within(table).getAllByRole('row')).toHaveLength(13)
    expect(within(table).getByRole('link', { name: '/page-11.html' })).toHaveFocus()
    expect(within(popular).queryByRole('button', { name: 'See more' })).not.toBeInTheDocument()
  })

  it('says when web analytics is not connected, with the way to the integrations for administrators', async () => {
    const all = { views: NOT_CONNECTED, countries: NOT_CONNECTED, popular: NOT_CONNECTED }
    const first = renderOverview('/site/demo-site/analytics', all)
    expect(await screen.findByRole('heading', { name: 'Web analytics is not connected' })).toBeInTheDocument()
    expect(screen.getByText(ANALYTICS_NOT_CONNECTED_MESSAGE)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Settings, Integrations' })).toHaveAttribute(
      'href',
      '/site/demo-site/settings/integrations',
    )
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
    first.unmount()
    renderOverview(
      '/site/demo-site/analytics',
      all,
      makeSite({ firstScanCompleted: true, hasAdminAccess: false }),
    )
    expect(await screen.findByText(ANALYTICS_NOT_CONNECTED_MESSAGE)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Go to Settings, Integrations' })).not.toBeInTheDocument()
  })

  it('shows loading, then a failed report as an error and an empty one as such', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    renderOverview('/site/demo-site/analytics', {
      views: async () => {
        await held
        return fail(502, 'The analytics property could not be read.')
      },
      countries: reply({ data: [] }),
      popular: reply([]),
    })
    const views = await screen.findByRole('region', { name: 'Page views' })
    expect(within(views).getByRole('status')).toHaveTextContent('Loading')
    release()
    expect(await within(views).findByText('Something went wrong.')).toBeInTheDocument()
    expect(within(views).getByText('The analytics property could not be read.')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Page views by country' })).toHaveTextContent(
      'No page views from any country in this period.',
    )
    expect(screen.getByRole('region', { name: 'Most visited pages' })).toHaveTextContent(
      'No page views recorded yet.',
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('keeps the map and tables usable at 320 px: the map scales, each table scrolls in its own named region', async () => {
    window.innerWidth = 320
    renderOverview()
    const countries = await screen.findByRole('region', { name: 'Page views by country' })
    await waitFor(() => expect(countries.querySelector('svg')).not.toBeNull(), { timeout: MAP_LOAD_MS })
    const map = countries.querySelector('svg')
    expect(map).toHaveAttribute('viewBox', '0 0 960 500')
    expect(map).toHaveAttribute('width', '100%')
    for (const name of ['Page views by country: table', 'Most visited pages: table']) {
      const region = screen.getByRole('region', { name })
      expect(region).toHaveAttribute('tabindex', '0')
      expect(within(region).getByRole('table')).toBeInTheDocument()
    }
    expect(await findAxeViolations()).toEqual([])
  })

  it('is a premium screen that needs no first scan', async () => {
    const first = renderOverview('/site/demo-site/analytics', {}, makeSite({ firstScanCompleted: false }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument()
    first.unmount()
    renderOverview('/site/demo-site/analytics', {}, makeSite({ firstScanCompleted: true, isPaying: false }))
    expect(await screen.findByRole('heading', { name: 'Analytics is a premium feature' })).toBeInTheDocument()
  })

  it('has its entry in the sidebar for every role', () => {
    for (const role of ['admin', 'viewer'] as const) {
      const navigation = buildSiteNavigation({
        siteSlug: 'demo-site',
        sectionSlug: null,
        hasAdminAccess: role === 'admin',
        role,
        productVersion: '2.1.1',
        isFlagActive: () => false,
      })
      const analytics = navigation.groups.find((group) => group.id === 'analytics')
      expect(analytics?.link).toBe('/site/demo-site/analytics')
      expect(analytics?.links.map((link) => link.link)).toEqual(['/site/demo-site/analytics'])
    }
  })
})

describe('page analytics', () => {
  it("shows the page's chart and its countries 10 a page, with search and the link to the page", async () => {
    const many: ViewsPerCountry = {
      data: Array.from({ length: 12 }, (_, index) =>
        country(`C${index}`, `Country ${String.fromCharCode(65 + index)}`, (12 - index) * 10),
      ),
    }
    const { api, router } = renderPageAnalytics('/site/demo-site/analytics/page-1', {
      countries: reply(many),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics of Images' })).toBeInTheDocument()
    expect(api.callsTo('GET /api/v1/analytics/:slug/views-per-day/:pageId')[0]?.params.pageId).toBe('page-1')
    expect(screen.getByRole('link', { name: 'Page details' })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-1',
    )
    expect(await screen.findByText(/1,200 page views in the last 1 month/)).toBeInTheDocument()

    const countries = screen.getByRole('region', { name: 'Countries' })
    const table = await within(countries).findByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Country', 'Page views', 'User percentage'])
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(11)
    expect(rows[1]).toHaveTextContent('Country A12015.4%')
    expect(within(countries).getByText('Showing 1 - 10 of 12 results')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])

    await userEvent.type(
      within(countries).getByRole('searchbox', { name: 'Search countries' }),
      'country l{Enter}',
    )
    await waitFor(() => expect(router.state.location.search).toContain('search=country+l'))
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Country L101.3%')
  })

  it('says when web analytics is not connected', async () => {
    renderPageAnalytics('/site/demo-site/analytics/page-1', {
      views: NOT_CONNECTED,
      countries: NOT_CONNECTED,
    })
    expect(await screen.findByText(ANALYTICS_NOT_CONNECTED_MESSAGE)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Page details' })).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows an empty period as such', async () => {
    renderPageAnalytics('/site/demo-site/analytics/page-1', {
      views: reply({ total: 0, data: [] }),
      countries: reply({ data: [] }),
    })
    expect(await screen.findByText('0 page views in the last 1 month.')).toBeInTheDocument()
    expect(await screen.findByText('No page views from any country in this period.')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })
})
