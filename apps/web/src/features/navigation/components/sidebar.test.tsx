import type { SiteConfig } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSite, makeSiteListItem, makeUser, pageOf } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { buildSiteNavigation, decideSiteRoute } from '../nav-items'

function openSite(
  site: SiteConfig,
  { staff = false, flags = {} as Record<string, boolean>, administered = [] as object[] } = {},
) {
  window.localStorage.setItem('user', JSON.stringify(makeUser({ isStaff: staff })))
  window.localStorage.setItem('canopy.featureFlags', JSON.stringify(flags))
  installFakeApi({
    'GET /auth/check': reply({ authenticated: true }),
    'GET /api/v1/sites': (request) =>
      reply(pageOf([makeSiteListItem(1), makeSiteListItem(2)], request.query)),
    'GET /api/v1/sites/:slug': (request) =>
      request.params.slug === site.sys.slug ? reply(site) : fail(404, 'Not found'),
    'GET /api/v1/sites/:slug/sections': (request) => reply(pageOf([], request.query)),
    'GET /api/v1/crm/organisations': reply(administered),
  })
  return renderApp(`/site/${site.sys.slug}`)
}

async function mainNav() {
  // The first render of a file loads the frame's modules: allow for a busy machine.
  await screen.findByRole('heading', { name: 'Canopy Demo Site', level: 1 }, { timeout: 5000 })
  return screen.getByRole('navigation', { name: 'Main' })
}

describe('sidebar', () => {
  it('shows Home, the site list, Overview, Active scans, Dashboard and the feature groups', async () => {
    openSite(makeSite())
    const nav = await mainNav()
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/overview')
    expect(within(nav).getByRole('link', { name: 'Active scans' })).toHaveAttribute('href', '/scans')
    expect(within(nav).getByRole('button', { name: /Canopy Demo Site/ })).toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    for (const group of ['Accessibility', 'Content quality', 'SEO', 'Performance', 'Inventory', 'Search']) {
      expect(within(nav).getByRole('button', { name: group })).toBeInTheDocument()
    }
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows Settings only to site administrators, and to editors with only Users', async () => {
    const viewer = openSite(makeSite({ hasAdminAccess: false }))
    let nav = await mainNav()
    expect(within(nav).queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument()
    viewer.unmount()

    openSite(makeSite({ role: 'editor' }))
    nav = await mainNav()
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Settings' }))
    const panel = await screen.findByRole('dialog', { name: 'Settings' })
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Users'])
  })

  it('lists the admin-only settings entries, with flagged ones only when their flag is on', async () => {
    openSite(makeSite({ hasAdminAccess: true }), { flags: { 'settings/scans': true } })
    const events = userEvent.setup()
    const nav = await mainNav()
    await events.click(within(nav).getByRole('button', { name: 'Settings' }))
    const panel = await screen.findByRole('dialog', { name: 'Settings' })
    expect(within(panel).getByRole('link', { name: 'Sections' })).toHaveAttribute(
      'href',
      '/site/demo-site/settings/sections',
    )
    // shown once the flags are read
    expect(await within(panel).findByRole('link', { name: 'Scans' })).toBeInTheDocument()
    expect(within(panel).queryByRole('link', { name: 'Sitemap' })).not.toBeInTheDocument()
    expect(within(panel).queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument()
  })

  it('hides flagged items until their flag is on, and shows them all to internal users', async () => {
    const first = openSite(makeSite())
    const events = userEvent.setup()
    let nav = await mainNav()
    expect(within(nav).queryByRole('button', { name: 'Add single page' })).not.toBeInTheDocument()
    await events.click(within(nav).getByRole('button', { name: 'Accessibility' }))
    let panel = await screen.findByRole('dialog', { name: 'Accessibility' })
    expect(within(panel).queryByRole('link', { name: 'PDFs' })).not.toBeInTheDocument()
    first.unmount()

    openSite(makeSite(), { staff: true })
    nav = await mainNav()
    expect(within(nav).getByRole('button', { name: 'Add single page' })).toBeInTheDocument()
    await events.click(within(nav).getByRole('button', { name: 'Accessibility' }))
    panel = await screen.findByRole('dialog', { name: 'Accessibility' })
    expect(within(panel).getByRole('link', { name: 'PDFs' })).toBeInTheDocument()
  })

  it('shows Assigned issues only from product version 2.1.0', async () => {
    const old = openSite(makeSite({ productVersion: '2.0.9' }))
    expect(within(await mainNav()).queryByRole('link', { name: 'Assigned issues' })).not.toBeInTheDocument()
    old.unmount()
    openSite(makeSite({ productVersion: '2.1.0' }))
    expect(within(await mainNav()).getByRole('link', { name: 'Assigned issues' })).toHaveAttribute(
      'href',
      '/site/demo-site/assigned-issues',
    )
  })

  it('closes a sub-panel on Escape, on choosing a link, and when another one opens', async () => {
    openSite(makeSite())
    const events = userEvent.setup()
    const nav = await mainNav()
    const seo = within(nav).getByRole('button', { name: 'SEO' })
    await events.click(seo)
    expect(await screen.findByRole('dialog', { name: 'SEO' })).toBeInTheDocument()
    expect(seo).toHaveAttribute('aria-expanded', 'true')
    await events.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'SEO' })).not.toBeInTheDocument())
    await waitFor(() => expect(seo).toHaveFocus())

    await events.click(seo)
    await screen.findByRole('dialog', { name: 'SEO' })
    await events.click(within(nav).getByRole('button', { name: 'Performance' }))
    expect(await screen.findByRole('dialog', { name: 'Performance' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'SEO' })).not.toBeInTheDocument())
    await events.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Performance' })).not.toBeInTheDocument())

    await events.click(seo)
    const panel = await screen.findByRole('dialog', { name: 'SEO' })
    await events.click(within(panel).getByRole('link', { name: 'Health' }))
    await waitFor(() => expect(window.location.pathname).toBe('/site/demo-site/seo/health'))
    expect(screen.queryByRole('dialog', { name: 'SEO' })).not.toBeInTheDocument()
  })

  it('collapses and expands, remembering the choice', async () => {
    openSite(makeSite())
    const events = userEvent.setup()
    await mainNav()
    await events.click(screen.getByRole('button', { name: 'Collapse sidebar' }))
    expect(window.localStorage.getItem('canopy.sidebarExpanded')).toBe('false')
    await events.click(screen.getByRole('button', { name: 'Expand sidebar' }))
    expect(window.localStorage.getItem('canopy.sidebarExpanded')).toBe('true')
  })

  it('opens Add single page and goes to the single page scan with the encoded URL', async () => {
    openSite(makeSite(), { flags: { 'add-single-page-scan': true } })
    const events = userEvent.setup()
    const nav = await mainNav()
    // shown once the flags are read
    await events.click(await within(nav).findByRole('button', { name: 'Add single page' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add single page' })
    await events.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(await within(dialog).findByText('Page URL is required')).toBeInTheDocument()

    await events.type(within(dialog).getByLabelText(/^Page URL/), 'https://example.com/a page?x=1')
    await events.click(within(dialog).getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(window.location.pathname).toBe('/single-page-scan/accessibility'))
    expect(new URLSearchParams(window.location.search).get('uri')).toBe('https://example.com/a page?x=1')
    expect(window.location.search).toContain('uri=https%3A%2F%2Fexample.com%2Fa%20page%3Fx%3D1')
  })

  it('uses a menu drawer below 800 px', async () => {
    window.innerWidth = 400
    openSite(makeSite())
    const events = userEvent.setup()
    await screen.findByRole('heading', { name: 'Canopy Demo Site', level: 1 })
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
    expect(screen.getByText('This product is best viewed on a larger screen.')).toBeInTheDocument()
    await events.click(screen.getByRole('button', { name: 'Menu' }))
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    expect(within(drawer).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument()
    await events.click(within(drawer).getByRole('button', { name: 'Close menu' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument())
    await events.click(screen.getByRole('button', { name: 'Dismiss screen size notice' }))
    expect(screen.queryByText('This product is best viewed on a larger screen.')).not.toBeInTheDocument()
  })
})

describe('navigation model', () => {
  const base = {
    siteSlug: 'demo',
    sectionSlug: 'news',
    hasAdminAccess: false,
    role: 'viewer' as const,
    productVersion: '2.1.0',
    isFlagActive: () => false,
  }

  it('keeps the active section in every site link', () => {
    const navigation = buildSiteNavigation(base)
    expect(navigation.dashboard.link).toBe('/site/demo/section/news')
    expect(navigation.groups[0]?.links[0]?.link).toBe('/site/demo/section/news/accessibility')
    expect(navigation.settings).toBeNull()
  })

  it('decides what an unbuilt feature route may honestly show', () => {
    const site = {
      isPaying: false,
      firstScanCompleted: false,
      hasAdminAccess: false,
      role: 'viewer' as const,
      productVersion: '2.1.0',
    }
    const off = () => false
    expect(decideSiteRoute('seo/pages', site, off)).toEqual({ kind: 'premium', feature: 'SEO' })
    expect(decideSiteRoute('accessibility/pages', site, off)).toEqual({ kind: 'first-scan-pending' })
    expect(decideSiteRoute('accessibility/pdfs', site, off)).toEqual({ kind: 'not-found' })
    expect(decideSiteRoute('settings/users', site, off)).toEqual({ kind: 'not-found' })
    const editor = { ...site, role: 'editor' as const }
    expect(decideSiteRoute('settings/users', editor, off)).toEqual({ kind: 'allowed' })
    expect(decideSiteRoute('settings/user/u-1', editor, off)).toEqual({ kind: 'allowed' })
    expect(decideSiteRoute('settings/user/u-1', site, off)).toEqual({ kind: 'not-found' })
    expect(decideSiteRoute('settings/invites', editor, off)).toEqual({ kind: 'not-found' })
    expect(decideSiteRoute('made-up', site, off)).toEqual({ kind: 'not-found' })
    expect(decideSiteRoute('assigned-issues', { ...site, productVersion: '2.0.0' }, off)).toEqual({
      kind: 'not-found',
    })
    const scanned = { ...site, firstScanCompleted: true }
    expect(decideSiteRoute('accessibility/issues/image-alt', scanned, off)).toEqual({ kind: 'allowed' })
    expect(decideSiteRoute('accessibility/pdfs', scanned, () => true)).toEqual({ kind: 'allowed' })
  })
})

describe('user menu: staff tools', () => {
  it('offers Staff tools (/debug) to staff only', async () => {
    for (const staff of [true, false]) {
      const { unmount } = openSite(makeSite(), { staff })
      await mainNav()
      const events = userEvent.setup()
      await events.click(screen.getByRole('button', { name: /User menu/ }))
      const menu = await screen.findByRole('menu')
      const item = within(menu).queryByRole('menuitem', { name: 'Staff tools' })
      if (staff) expect(item).toHaveAttribute('href', '/debug')
      else expect(item).toBeNull()
      await events.keyboard('{Escape}')
      unmount()
    }
  })
})

describe('user menu: single sign-on', () => {
  it('links each organisation the user administers to its single sign-on settings', async () => {
    const administered = [{ sys: { id: 'org-1', slug: 'acme' }, entryTitle: 'Acme' }]
    openSite(makeSite(), { administered })
    await mainNav()
    const events = userEvent.setup()
    await events.click(screen.getByRole('button', { name: /User menu/ }))
    const menu = await screen.findByRole('menu')
    expect(await within(menu).findByRole('menuitem', { name: 'Single sign-on: Acme' })).toHaveAttribute(
      'href',
      '/organisations/org-1/sso',
    )
    expect(await findAxeViolations()).toEqual([])
  })
})
