import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, pageOf } from '@/testing/fixtures'
import { renderWithRouter } from '@/testing/render'
import { SectionSwitcher } from './section-switcher'

const twelveSections = Array.from({ length: 12 }, (_, index) =>
  makeSection(index + 1, index === 2 ? { hasFirstScanned: false, overallScore: null } : {}),
)

function renderSwitcher({ admin = true, active = null as string | null } = {}) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug/sections': (request) => reply(pageOf(twelveSections, request.query)),
  })
  const onSelect = vi.fn()
  renderWithRouter(
    <SectionSwitcher
      siteSlug="demo-site"
      activeSectionSlug={active}
      canManageSections={admin}
      onSelect={onSelect}
    />,
  )
  return { api, onSelect }
}

describe('section switcher', () => {
  it("lists 'All sections' and 8 sections a page, with page counts, scores and 'Scan scheduled'", async () => {
    const { api } = renderSwitcher()
    const events = userEvent.setup()
    await events.click(screen.getByRole('button', { name: 'Section All sections' }))

    const list = await screen.findByRole('listbox', { name: 'Sections' })
    const options = within(list).getAllByRole('option')
    expect(options).toHaveLength(9)
    expect(options[0]).toHaveAccessibleName('All sections')
    expect(options[0]).toHaveAttribute('aria-selected', 'true')
    expect(options[1]).toHaveAccessibleName('Section 1, 3 pages, 71 Needs improvement')
    expect(options[3]).toHaveAccessibleName('Section 3, 9 pages, Scan scheduled')
    expect(api.calls[0]?.query.get('pageSize')).toBe('8')
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Manage sections' })).toHaveAttribute(
      'href',
      '/site/demo-site/settings/sections',
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('pages through the sections and remembers the page for the site', async () => {
    renderSwitcher()
    const events = userEvent.setup()
    await events.click(screen.getByRole('button', { name: 'Section All sections' }))
    await screen.findByRole('option', { name: /^Section 1,/ })
    await events.click(screen.getByRole('button', { name: 'Next sections' }))

    expect(await screen.findByRole('option', { name: /^Section 9,/ })).toBeInTheDocument()
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(5)
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()
    expect(window.localStorage.getItem('canopy.sectionSwitcherPage.demo-site')).toBe('2')
  })

  it('selects a section, and a section change puts the stored page back to 1', async () => {
    window.localStorage.setItem('canopy.sectionSwitcherPage.demo-site', '2')
    const { onSelect } = renderSwitcher()
    const events = userEvent.setup()
    await events.click(screen.getByRole('button', { name: 'Section All sections' }))
    await events.click(await screen.findByRole('option', { name: /^Section 10,/ }))

    expect(onSelect).toHaveBeenCalledWith('section-10')
    expect(window.localStorage.getItem('canopy.sectionSwitcherPage.demo-site')).toBeNull()
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
  })

  it('names the active section on its button and offers Manage sections to administrators only', async () => {
    renderSwitcher({ admin: false, active: 'section-2' })
    const events = userEvent.setup()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Section Section 2' })).toBeInTheDocument())
    await events.click(screen.getByRole('button', { name: 'Section Section 2' }))
    expect(await screen.findByRole('option', { name: /^Section 2,/ })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(screen.queryByRole('link', { name: 'Manage sections' })).not.toBeInTheDocument()
  })
})
