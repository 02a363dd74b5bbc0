import type { SearchResponse, SearchResultGroup } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { type FakeRequest, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, makeSiteListItem, makeUser, pageOf } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'

const SLOW = { timeout: 5000 }

function groupsFor(term: string, request: FakeRequest): SearchResultGroup[] {
  const found = term.toLowerCase().includes('ferr')
  const all: SearchResultGroup[] = [
    {
      group: 'pages',
      totalCount: found ? 7 : 0,
      isCountCapped: false,
      items: found
        ? [{ id: 'page-1', pageTitle: 'Ferry timetable', entryTitle: 'https://harbour.test/ferry' }]
        : [],
    },
    {
      group: 'issues',
      totalCount: found ? 1 : 0,
      isCountCapped: false,
      items: found
        ? [{ issueId: 'ferry-rule', category: 'seo', title: 'Ferry rule', description: 'd', pagesFailed: 2 }]
        : [],
    },
    {
      group: 'links',
      totalCount: found ? 1 : 0,
      isCountCapped: false,
      items: found
        ? [
            {
              id: 'link-1',
              url: 'https://ferries.test/tickets',
              isInternal: false,
              isBroken: true,
              isUnverified: false,
              status: 404,
              pageCount: 2,
            },
          ]
        : [],
    },
    {
      group: 'documents',
      totalCount: found ? 1 : 0,
      isCountCapped: false,
      items: found
        ? [
            {
              id: 'doc-1',
              kind: 'pdf',
              documentTitle: 'Ferry fares',
              url: 'https://harbour.test/f.pdf',
              pageCount: 1,
            },
          ]
        : [],
    },
    {
      group: 'contacts',
      totalCount: found ? 1200 : 0,
      isCountCapped: found,
      items: found
        ? [{ id: 'contact-1', kind: 'email', value: 'ferry@harbour.test', valid: true, pageCount: 3 }]
        : [],
    },
  ]
  const group = request.query.get('group')
  return group ? all.filter((candidate) => candidate.group === group) : all
}

const BLOG = makeSection(1, { sys: { id: 'section-blog', slug: 'blog' }, title: 'Blog' })

function openSiteAt(path: string) {
  window.localStorage.setItem('user', JSON.stringify(makeUser()))
  const site = makeSite()
  const searches: FakeRequest[] = []
  installFakeApi({
    'GET /auth/check': reply({ authenticated: true }),
    'GET /api/v1/sites': (request) => reply(pageOf([makeSiteListItem(1)], request.query)),
    'GET /api/v1/sites/:slug': reply(site),
    'GET /api/v1/sites/:slug/sections': (request) => reply(pageOf([BLOG], request.query)),
    'GET /api/v1/sites/:slug/search': (request) => {
      searches.push(request)
      const search = request.query.get('search') ?? ''
      const body: SearchResponse = {
        search,
        pageIndex: Number(request.query.get('page') ?? 1),
        pageSize: Number(request.query.get('pageSize') ?? 5),
        groups: groupsFor(search, request),
      }
      return reply(body)
    },
  })
  renderApp(path)
  return { searches }
}

async function mainNav() {
  await screen.findByRole('heading', { level: 1 }, SLOW)
  return screen.getByRole('navigation', { name: 'Main' })
}

describe('global search panel', () => {
  it("does not open on '?' on the site home", async () => {
    const events = userEvent.setup()
    openSiteAt('/site/demo-site')
    await mainNav()
    await events.keyboard('?')
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument()
  })

  it("opens on '?' outside form fields, not in a field, and closes on Escape with text typed", async () => {
    const events = userEvent.setup()
    openSiteAt('/site/demo-site/no-such-screen')
    await mainNav()
    await events.keyboard('?')
    const panel = await screen.findByRole('dialog', { name: 'Search' })
    const field = within(panel).getByRole('searchbox', { name: 'Search this site' })
    expect(field).toHaveAttribute('type', 'search')
    expect(field).toHaveAttribute('autocomplete', 'off')
    expect(field).toHaveAttribute('name', 'searchInput')
    await waitFor(() => expect(field).toHaveFocus())
    // '?' typed in the field is text, not the shortcut.
    await events.keyboard('ferr?')
    expect(field).toHaveValue('ferr?')
    await events.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument())
  })

  it('closes on a click outside it', async () => {
    const events = userEvent.setup()
    openSiteAt('/site/demo-site/no-such-screen')
    const nav = await mainNav()
    await events.click(within(nav).getByRole('button', { name: 'Search' }))
    await screen.findByRole('dialog', { name: 'Search' })
    await events.click(screen.getByRole('main', { hidden: true }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument())
  })

  it('shows results as the user types, once typing pauses, each linking to where it lives', async () => {
    const events = userEvent.setup()
    const { searches } = openSiteAt('/site/demo-site/no-such-screen')
    await mainNav()
    await events.keyboard('?')
    const panel = await screen.findByRole('dialog', { name: 'Search' })
    await events.type(within(panel).getByRole('searchbox'), 'ferr')
    const page = await within(panel).findByRole('link', { name: 'Ferry timetable' }, SLOW)
    // One request for the paused text, none per keystroke.
    expect(searches.map((request) => request.query.get('search'))).toEqual(['ferr'])
    expect(page).toHaveAttribute('href', '/site/demo-site/pages/page-1')
    expect(within(panel).getByRole('link', { name: 'Ferry rule' })).toHaveAttribute(
      'href',
      '/site/demo-site/seo/issues/ferry-rule',
    )
    expect(within(panel).getByRole('link', { name: 'https://ferries.test/tickets' })).toHaveAttribute(
      'href',
      '/site/demo-site/content-quality/broken-links/link-1',
    )
    expect(within(panel).getByRole('link', { name: 'Ferry fares' })).toHaveAttribute(
      'href',
      '/site/demo-site/documents/doc-1',
    )
    expect(within(panel).getByRole('link', { name: 'ferry@harbour.test' })).toHaveAttribute(
      'href',
      '/site/demo-site/inventory/email/contact-1',
    )
    expect(
      within(panel)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toContain('E-mail addresses and telephone numbers, 1,000+ results')
    expect(await findAxeViolations()).toEqual([])
    await events.click(page)
    await waitFor(() => expect(window.location.pathname).toBe('/site/demo-site/pages/page-1'))
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument()
  })

  it('goes to the search page with the typed text on submit', async () => {
    const events = userEvent.setup()
    openSiteAt('/site/demo-site/no-such-screen')
    await mainNav()
    await events.keyboard('?')
    const panel = await screen.findByRole('dialog', { name: 'Search' })
    await events.type(within(panel).getByRole('searchbox'), 'ferry boats{Enter}')
    await waitFor(() => expect(window.location.pathname).toBe('/site/demo-site/search'))
    expect(new URLSearchParams(window.location.search).get('search')).toBe('ferry boats')
  })
})

describe('search page', () => {
  it('shows every group with its total and a way to all of a group, paged', async () => {
    const events = userEvent.setup()
    const { searches } = openSiteAt('/site/demo-site/search?search=ferr')
    expect(await screen.findByRole('heading', { name: 'Search results', level: 1 }, SLOW)).toBeInTheDocument()
    await screen.findByRole('link', { name: 'Ferry timetable' }, SLOW)
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Pages, 7 results',
      'Issues, 1 result',
      'Links, 1 result',
      'Documents, 1 result',
      'E-mail addresses and telephone numbers, 1,000+ results',
    ])
    expect(screen.getByRole('link', { name: 'Ferry timetable' })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-1',
    )
    expect(await findAxeViolations()).toEqual([])
    await events.click(screen.getByRole('link', { name: 'Show all 7 pages' }))
    await waitFor(() => expect(window.location.search).toBe('?search=ferr&group=pages'))
    await screen.findByText('Showing 1 - 7 of 7 results')
    expect(searches.at(-1)?.query.get('group')).toBe('pages')
    expect(screen.queryByRole('heading', { name: /Links/ })).not.toBeInTheDocument()
  })

  it('says when nothing is found, and searches again once typing pauses', async () => {
    const events = userEvent.setup()
    openSiteAt('/site/demo-site/search?search=zebra')
    expect(await screen.findByText('No results found for zebra', {}, SLOW)).toBeInTheDocument()
    expect(
      screen.getByText(
        'Make sure that words are spelt correctly or you could also try different search terms.',
      ),
    ).toBeInTheDocument()
    const field = screen.getByRole('searchbox', { name: 'Search this site' })
    await events.clear(field)
    await events.type(field, 'ferr')
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('search')).toBe('ferr'), SLOW)
    expect(await screen.findByRole('link', { name: 'Ferry timetable' }, SLOW)).toBeInTheDocument()
  })

  it("searches a section's pages under the section's path", async () => {
    const { searches } = openSiteAt('/site/demo-site/section/blog/search?search=ferr')
    const page = await screen.findByRole('link', { name: 'Ferry timetable' }, SLOW)
    expect(page).toHaveAttribute('href', '/site/demo-site/section/blog/pages/page-1')
    expect(searches.at(-1)?.query.get('sectionId')).toBe('section-blog')
    expect(searches.every((request) => request.query.get('sectionId') === 'section-blog')).toBe(true)
  })
})
