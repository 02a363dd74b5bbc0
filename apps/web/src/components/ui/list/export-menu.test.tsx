import { describe, expect, it } from 'vitest'
import { exportHref } from './export-menu'
import { readListFilters, toApiQuery } from './list-params'

describe('list query and export', () => {
  it('fills filters from their defaults and drops empty ones from the API query', () => {
    const url = new URLSearchParams('status=new&x.level=AA')
    expect(readListFilters(url, { status: 'current', level: '' })).toEqual({ status: 'new', level: '' })
    expect(readListFilters(url, { level: 'all' }, 'x')).toEqual({ level: 'AA' })
    expect(
      toApiQuery(
        { page: 2, sortBy: 'title', sortDir: 'desc', search: 'alt' },
        { status: 'new', level: '' },
        { pageSize: 25, sectionId: 'section-1' },
      ),
    ).toEqual({
      status: 'new',
      page: 2,
      pageSize: 25,
      sortBy: 'title',
      sortDir: 'desc',
      search: 'alt',
      sectionId: 'section-1',
    })
  })

  it("sends the sort as one 'sort' parameter to the lists that take it", () => {
    expect(
      toApiQuery({ page: 1, sortBy: 'totalCount', sortDir: 'desc' }, {}, { pageSize: 25, sortParam: 'sort' }),
    ).toEqual({
      page: 1,
      pageSize: 25,
      sort: '-totalCount',
      search: undefined,
      sectionId: undefined,
    })
  })

  it('exports the filter, search and sort of the list without its page', () => {
    const href = exportHref(
      '/api/v1/sites/demo/pages',
      { page: 3, pageSize: 25, sortBy: 'entryTitle', sortDir: 'asc', search: 'news', type: 'accessibility' },
      'csv',
    )
    const url = new URL(href, 'http://localhost')
    expect(url.pathname).toBe('/api/v1/sites/demo/pages/export')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sortBy: 'entryTitle',
      sortDir: 'asc',
      search: 'news',
      type: 'accessibility',
      format: 'csv',
    })
  })
})
