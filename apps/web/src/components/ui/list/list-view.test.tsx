import type { SiteListItem } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SiteSelector } from '@/features/sites/components/site-selector'
import { findAxeViolations } from '@/testing/axe'
import { type FakeRequest, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSiteListItem, pageOf } from '@/testing/fixtures'
import { renderWithRouter } from '@/testing/render'
import { type InMemoryListOptions, pageInMemory } from './in-memory-list'
import { nextSort, parsePage, readListParams, writeListParams } from './list-params'
import { getPageWindow } from './pager'

/** A small stand-in for GET /api/v1/sites that filters, sorts and pages like the API. */
function sitesServer(sites: SiteListItem[]) {
  return (request: FakeRequest) => {
    const search = request.query.get('search')?.toLowerCase()
    const sortBy = (request.query.get('sortBy') ?? 'siteName') as 'siteName' | 'rootUri'
    const direction = request.query.get('sortDir') === 'desc' ? -1 : 1
    const matching = sites
      .filter((site) => !search || site.siteName.toLowerCase().includes(search))
      .sort((a, b) => a[sortBy].localeCompare(b[sortBy]) * direction)
    return reply(pageOf(matching, request.query))
  }
}

const sixtySites = Array.from({ length: 60 }, (_, index) => makeSiteListItem(index + 1))

function rowNames(): string[] {
  const table = screen.getByRole('table')
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]?.textContent ?? '')
}

describe('the shared list pattern', () => {
  it('shows a skeleton of 10 rows while the first page loads, then 25 rows and the pager text', async () => {
    let answer: (value: unknown) => void = () => {}
    const gate = new Promise((resolve) => {
      answer = resolve
    })
    installFakeApi({
      'GET /api/v1/sites': async (request) => {
        await gate
        return sitesServer(sixtySites)(request)
      },
    })
    renderWithRouter(<SiteSelector />)

    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(10)
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true')
    answer(null)

    await screen.findByRole('link', { name: 'Site 01' })
    expect(rowNames()).toHaveLength(25)
    expect(screen.getByText('Showing 1 - 25 of 60 results')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
  })

  it('pages through the URL: page 2 asks the API for page 2 and says which rows it shows', async () => {
    const api = installFakeApi({ 'GET /api/v1/sites': sitesServer(sixtySites) })
    const events = userEvent.setup()
    const { router } = renderWithRouter(<SiteSelector />)
    await screen.findByRole('link', { name: 'Site 01' })

    await events.click(screen.getByRole('link', { name: 'Next' }))
    expect(await screen.findByText('Showing 26 - 50 of 60 results')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?page=2')
    expect(api.calls.at(-1)?.query.get('page')).toBe('2')
    expect(api.calls.at(-1)?.query.get('pageSize')).toBe('25')

    await events.click(screen.getByRole('link', { name: 'Page 3' }))
    expect(await screen.findByText('Showing 51 - 60 of 60 results')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument()
  })

  it('sorts by a heading with aria-sort, toggles the direction, and goes back to page 1', async () => {
    installFakeApi({ 'GET /api/v1/sites': sitesServer(sixtySites) })
    const events = userEvent.setup()
    const { router } = renderWithRouter(<SiteSelector />, { url: '/?page=2' })
    await screen.findByText('Showing 26 - 50 of 60 results')

    const siteHeading = screen.getByRole('columnheader', { name: /^Site/ })
    expect(siteHeading).toHaveAttribute('aria-sort', 'ascending')
    expect(screen.getByRole('columnheader', { name: /^Web address/ })).not.toHaveAttribute('aria-sort')

    await events.click(within(siteHeading).getByRole('button'))
    await waitFor(() => expect(siteHeading).toHaveAttribute('aria-sort', 'descending'))
    expect(new URLSearchParams(router.state.location.search).get('sortDir')).toBe('desc')
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull()
    await waitFor(() => expect(rowNames()[0]).toBe('Site 60'))

    await events.click(within(screen.getByRole('columnheader', { name: /^Web address/ })).getByRole('button'))
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /^Web address/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    )
    expect(router.state.location.search).toBe('?sortBy=rootUri&sortDir=asc')
  })

  it('filters on Enter, back to page 1, and says when nothing matches the term', async () => {
    const api = installFakeApi({ 'GET /api/v1/sites': sitesServer(sixtySites) })
    const events = userEvent.setup()
    const { router } = renderWithRouter(<SiteSelector />, { url: '/?page=3' })
    await screen.findByText('Showing 51 - 60 of 60 results')

    const filter = screen.getByRole('searchbox', { name: 'Filter sites' })
    await events.type(filter, 'Site 1')
    expect(api.calls.some((call) => call.query.get('search') === 'Site 1')).toBe(false)
    await events.keyboard('{Enter}')

    expect(await screen.findByText('Showing 1 - 10 of 10 results')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?search=Site+1')

    await events.clear(filter)
    await events.type(filter, 'nothing like this{Enter}')
    expect(await screen.findByText('No results found for nothing like this')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Make sure that words are spelt correctly or you could also try different search terms.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument()
  })

  it('shows the empty state and the list error text', async () => {
    installFakeApi({ 'GET /api/v1/sites': sitesServer([]) })
    renderWithRouter(<SiteSelector />)
    expect(await screen.findByText('No results found')).toBeInTheDocument()
  })

  it('shows the list error from the spec when the request fails', async () => {
    installFakeApi({ 'GET /api/v1/sites': fail(500, 'Database unavailable') })
    renderWithRouter(<SiteSelector />)
    expect(await screen.findByText("There's been a error fetching your data")).toBeInTheDocument()
    expect(
      screen.getByText(
        'You could try refreshing the page, or come back later. If the problem persists, please contact support.',
      ),
    ).toBeInTheDocument()
  })

  it('has no axe violations with data', async () => {
    installFakeApi({ 'GET /api/v1/sites': sitesServer(sixtySites) })
    renderWithRouter(<SiteSelector />)
    await screen.findByRole('link', { name: 'Site 01' })
    expect(await findAxeViolations()).toEqual([])
  })
})

describe('list parameters', () => {
  it('reads the page as an integer floored at 1', () => {
    expect(parsePage('3')).toBe(3)
    expect(parsePage('2.7')).toBe(2)
    expect(parsePage('0')).toBe(1)
    expect(parsePage('-4')).toBe(1)
    expect(parsePage('abc')).toBe(1)
    expect(parsePage(null)).toBe(1)
  })

  it('falls back to the screen defaults and ignores an unknown direction', () => {
    expect(
      readListParams(new URLSearchParams('sortDir=sideways&search=%20%20'), {
        sortBy: 'siteName',
        sortDir: 'asc',
      }),
    ).toEqual({
      page: 1,
      sortBy: 'siteName',
      sortDir: 'asc',
      search: undefined,
    })
  })

  it('keeps other parameters and drops page 1 and empty values', () => {
    const next = writeListParams(new URLSearchParams('view=internal&page=4&search=x'), {
      page: 1,
      search: '',
    })
    expect(next.toString()).toBe('view=internal')
  })

  it('keeps a prefixed list apart from the screen’s other list in the same URL', () => {
    const url = new URLSearchParams(
      'page=3&search=main&contacts.page=2&contacts.sortBy=valid&contacts.sortDir=desc',
    )
    expect(readListParams(url, { paramPrefix: 'contacts' })).toEqual({
      page: 2,
      sortBy: 'valid',
      sortDir: 'desc',
      search: undefined,
    })
    expect(writeListParams(url, { page: 1, search: 'x' }, 'contacts').toString()).toBe(
      'page=3&search=main&contacts.sortBy=valid&contacts.sortDir=desc&contacts.search=x',
    )
  })

  it('filters, sorts and pages a list held in memory', () => {
    type Item = { name: string; size: number }
    const items: Item[] = Array.from({ length: 30 }, (_, index) => ({
      name: `item ${index + 1}`,
      size: index % 7,
    }))
    const options: InMemoryListOptions<Item> = {
      searchText: (item) => item.name,
      sortValues: { name: (item) => item.name, size: (item) => item.size },
    }
    const first = pageInMemory(items, { page: 1, sortBy: 'name', sortDir: 'asc' }, 25, options)
    expect(first).toMatchObject({ totalCount: 30, pageIndex: 1, pageSize: 25, pageCount: 2 })
    expect(first.items.slice(0, 3).map((item) => item.name)).toEqual(['item 1', 'item 2', 'item 3'])
    expect(pageInMemory(items, { page: 9 }, 25, options)).toMatchObject({ pageIndex: 2 })
    expect(pageInMemory(items, { page: 2 }, 25, options).items).toHaveLength(5)
    const filtered = pageInMemory(
      items,
      { page: 1, search: 'ITEM 2', sortBy: 'name', sortDir: 'desc' },
      25,
      options,
    )
    expect(filtered.items.map((item) => item.name)).toEqual([
      'item 29',
      'item 28',
      'item 27',
      'item 26',
      'item 25',
      'item 24',
      'item 23',
      'item 22',
      'item 21',
      'item 20',
      'item 2',
    ])
    const bySize = pageInMemory(items, { page: 1, sortBy: 'size', sortDir: 'desc' }, 25, options)
    expect(bySize.items[0]?.size).toBe(6)
    expect(pageInMemory([], { page: 1 }, 25, options)).toMatchObject({
      items: [],
      totalCount: 0,
      pageCount: 1,
    })
  })

  it('toggles the direction on the sorted column and starts a new column ascending', () => {
    expect(nextSort({ page: 1, sortBy: 'siteName', sortDir: 'asc' }, 'siteName')).toEqual({
      sortBy: 'siteName',
      sortDir: 'desc',
    })
    expect(nextSort({ page: 1, sortBy: 'siteName', sortDir: 'desc' }, 'rootUri')).toEqual({
      sortBy: 'rootUri',
      sortDir: 'asc',
    })
  })

  it('offers the first, last and neighbouring pages with gaps between', () => {
    expect(getPageWindow(1, 1)).toEqual([1])
    expect(getPageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10])
    expect(getPageWindow(2, 4)).toEqual([1, 2, 3, 4])
  })
})
