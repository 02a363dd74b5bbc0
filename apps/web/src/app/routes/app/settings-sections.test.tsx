import type { Section } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, type FakeRequest, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, pageOf } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as SectionEditorRoute } from './settings-section'
import { Component as SectionsRoute } from './settings-sections'

function renderScreen(element: ReactNode, url: string, path: string, routes: Record<string, FakeHandler>) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true })),
    ...routes,
  })
  return { ...renderSiteRoute(element, { url, path }), api }
}

const news = (): Section => ({
  ...makeSection(1),
  sys: { id: 'sec-news', slug: 'news' },
  title: 'News',
  entryTitle: 'News',
  description: 'Press releases',
  conditions: [
    { matchType: 'Includes', source: 'Path', operator: 'Starts with', name: null, value: '/news' },
  ],
})

const previewOf = (request: FakeRequest) => {
  const value = (request.body as { conditions: { value: string }[] }).conditions[0]?.value ?? ''
  const urls = ['https://site.example/news/a', 'https://site.example/news/b', 'https://site.example/about']
  const items = urls.filter((url) => new URL(url).pathname.startsWith(value))
  return reply(
    pageOf(
      items.map((url) => ({ sys: { id: url }, entryTitle: url, pageTitle: null })),
      new URLSearchParams(),
    ),
  )
}

describe('settings/sections', () => {
  it('lists the sections, rescans one and deletes one after the confirmation', async () => {
    let sections = [news(), { ...makeSection(2), title: 'About', entryTitle: 'About' }]
    const { api } = renderScreen(
      <SectionsRoute />,
      '/site/demo-site/settings/sections',
      'settings/sections',
      {
        'GET /api/v1/sites/:slug/sections': (request) => reply(pageOf(sections, request.query)),
        'POST /api/v1/sites/:slug/sections/:sectionId/scan': reply({ scanId: 's1' }, 202),
        'DELETE /api/v1/sites/:slug/sections/:sectionId': (request) => {
          sections = sections.filter((section) => section.sys.id !== request.params.sectionId)
          return reply(undefined, 204)
        },
      },
    )
    const table = await screen.findByRole('table')
    const row = await within(table).findByRole('row', { name: /News/ })
    expect(within(row).getByRole('link', { name: 'News' })).toHaveAttribute(
      'href',
      '/site/demo-site/settings/sections/sec-news',
    )
    expect(screen.getByRole('link', { name: 'New section' })).toHaveAttribute(
      'href',
      '/site/demo-site/settings/sections/new',
    )
    expect(await findAxeViolations()).toEqual([])
    await userEvent.click(within(row).getByRole('button', { name: 'Rescan News' }))
    expect(await screen.findByText('Section is re-scanning')).toBeInTheDocument()
    await userEvent.click(within(row).getByRole('button', { name: 'Delete News' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete section' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete section' }))
    expect(await screen.findByText('Section deleted successfully')).toBeInTheDocument()
    expect(api.callsTo('DELETE /api/v1/sites/:slug/sections/:sectionId')[0]?.params.sectionId).toBe(
      'sec-news',
    )
    await waitFor(() => expect(screen.queryByRole('row', { name: /News/ })).not.toBeInTheDocument())
  })
})

describe('settings/sections/:sectionId', () => {
  it('edits the rules, shows the matching pages as they change, validates and saves', async () => {
    const { api } = renderScreen(
      <SectionEditorRoute />,
      '/site/demo-site/settings/sections/sec-news',
      'settings/sections/:sectionId',
      {
        'GET /api/v1/sites/:slug/sections/:sectionId': reply(news()),
        'POST /api/v1/sites/:slug/sections/preview': previewOf,
        'PUT /api/v1/sites/:slug/sections/:sectionId': reply(news()),
      },
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument()
    expect(await screen.findByText('2 known pages match these rules.')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
    const value = screen.getByRole('textbox', { name: /Value/ })
    await userEvent.clear(value)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('A value is required.')).toBeInTheDocument()
    expect(api.callsTo('PUT /api/v1/sites/:slug/sections/:sectionId')).toHaveLength(0)
    await userEvent.type(value, '/about')
    expect(await screen.findByText('1 known pages match these rules.')).toBeInTheDocument()
    expect(screen.getByText('https://site.example/about')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }))
    expect(screen.getAllByRole('listitem', { name: /^Rule / })).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Remove rule 2' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Section updated successfully')).toBeInTheDocument()
    expect(api.callsTo('PUT /api/v1/sites/:slug/sections/:sectionId')[0]?.body).toMatchObject({
      title: 'News',
      conditions: [{ matchType: 'Includes', source: 'Path', operator: 'Starts with', value: '/about' }],
    })
  })

  it('creates a section from new and asks for a meta tag name with the Metatag source', async () => {
    const { api, router } = renderScreen(
      <SectionEditorRoute />,
      '/site/demo-site/settings/sections/new',
      'settings/sections/:sectionId',
      {
        'POST /api/v1/sites/:slug/sections/preview': previewOf,
        'POST /api/v1/sites/:slug/sections': reply({ ...news(), sys: { id: 'sec-new', slug: 'blog' } }, 201),
        'GET /api/v1/sites/:slug/sections/:sectionId': reply(news()),
      },
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'New section' })).toBeInTheDocument()
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Blog')
    await userEvent.type(screen.getByRole('textbox', { name: /Value/ }), '/blog')
    await userEvent.click(screen.getByRole('button', { name: /Source/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Metatag' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('A name is required.')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: /Source/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Path' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Section created successfully')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/sites/:slug/sections')[0]?.body).toMatchObject({ title: 'Blog' })
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/site/demo-site/settings/sections/sec-new'),
    )
  })
})
