import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, makeSiteListItem, makeUser, pageOf } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'

const signedIn = { 'GET /auth/check': reply({ authenticated: true }) }

function storeUser() {
  window.localStorage.setItem('user', JSON.stringify(makeUser()))
}

function siteApi(site = makeSite(), sections = [makeSection(1), makeSection(2)]) {
  return {
    ...signedIn,
    'GET /api/v1/sites': (request: { query: URLSearchParams }) =>
      reply(pageOf([makeSiteListItem(1, { sys: site.sys, siteName: site.siteName })], request.query)),
    'GET /api/v1/sites/:slug': (request: { params: Record<string, string> }) =>
      request.params.slug === site.sys.slug ? reply(site) : fail(404, 'Site not found'),
    'GET /api/v1/sites/:slug/sections': (request: { query: URLSearchParams }) =>
      reply(pageOf(sections, request.query)),
  }
}

describe('session bootstrap', () => {
  it('shows the login page to a signed-out visitor, and sends other paths to it', async () => {
    installFakeApi({ 'GET /auth/check': reply({ authenticated: false }) })
    renderApp('/site/demo-site')
    // The first render of the file loads the route modules: allow for a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Log in to Canopy' }, { timeout: 5000 }),
    ).toBeInTheDocument()
    await waitFor(() => expect(window.location.pathname).toBe('/'))
  })

  it('fetches the current user when the session is valid but no user is stored', async () => {
    const api = installFakeApi({ ...siteApi(), 'GET /auth/current-user': reply(makeUser()) })
    renderApp('/')
    // The first signed-in render of the file loads the frame's modules: allow for a busy machine.
    expect(await screen.findByRole('heading', { name: 'Your sites' }, { timeout: 5000 })).toBeInTheDocument()
    expect(api.callsTo('GET /auth/current-user')).toHaveLength(1)
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').firstName).toBe('Dana')
  })

  it('does not ask for the current user when one is stored', async () => {
    storeUser()
    const api = installFakeApi({ ...siteApi() })
    renderApp('/')
    await screen.findByRole('heading', { name: 'Your sites' })
    expect(api.callsTo('GET /auth/current-user')).toHaveLength(0)
  })

  it('goes to /500 when the signed-in user cannot be loaded', async () => {
    installFakeApi({ ...siteApi(), 'GET /auth/current-user': fail(500, 'Database unavailable') })
    renderApp('/')
    expect(
      await screen.findByText('Unfortunately we have encountered an error on this page.'),
    ).toBeInTheDocument()
    expect(window.location.pathname).toBe('/500')
    expect(screen.getByRole('link', { name: 'Site selector' })).toHaveAttribute('href', '/')
  })
})

describe('signed-in screens', () => {
  it('guards a site the user may not see with "Site not found" and forgets it as the active site', async () => {
    storeUser()
    window.localStorage.setItem('canopy.activeSite', 'someone-elses')
    installFakeApi(siteApi())
    renderApp('/site/someone-elses')
    expect(await screen.findByRole('heading', { name: 'Site not found', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('No site could be found with the ID provided in the URL.')).toBeInTheDocument()
    await waitFor(() => expect(window.localStorage.getItem('canopy.activeSite')).toBeNull())
    expect(await findAxeViolations()).toEqual([])
  })

  it('keeps the stored active site when another site fails to load', async () => {
    storeUser()
    window.localStorage.setItem('canopy.activeSite', 'demo-site')
    installFakeApi(siteApi())
    renderApp('/site/someone-elses')
    await screen.findByRole('heading', { name: 'Site not found' })
    expect(window.localStorage.getItem('canopy.activeSite')).toBe('demo-site')
  })

  it('opens a site: stores it as active and says its first scan is on the way while it is queued', async () => {
    storeUser()
    installFakeApi({
      ...siteApi(),
      'GET /api/v1/sites/:slug/scan-status': reply({
        active: {
          id: 'scan-1',
          number: 1,
          kind: 'site',
          trigger: 'manual',
          state: 'queued',
          sectionId: null,
          individualUrl: null,
          progress: 0,
          pagesDiscovered: 0,
          pagesQueued: 0,
          pagesScanned: 0,
          pagesFailed: 0,
          queuedAt: '2026-11-24T09:50:00.000Z',
          startedAt: null,
          finishedAt: null,
          error: null,
          stopReason: null,
        },
        queuePosition: 0,
        lastFinished: null,
        canStartScan: false,
      }),
    })
    renderApp('/site/demo-site')
    expect(
      await screen.findByRole('heading', { name: 'Canopy Demo Site', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Your results are on the way' })).toBeInTheDocument()
    expect(
      screen.getByText('A full scan of Canopy Demo Site is queued. It is next in the queue.'),
    ).toBeInTheDocument()
    expect(window.localStorage.getItem('canopy.activeSite')).toBe('demo-site')
    expect(document.title).toBe('Dashboard: Canopy Demo Site – Canopy')
    expect(await findAxeViolations()).toEqual([])
  })

  it('adds, replaces and removes the section segment, keeping only view, sortBy and search', async () => {
    storeUser()
    installFakeApi(siteApi(makeSite({ firstScanCompleted: true })))
    const events = userEvent.setup()
    renderApp('/site/demo-site?view=internal&sortBy=entryTitle&page=3&other=1')
    await screen.findByRole('heading', { name: 'Canopy Demo Site', level: 1 })

    await events.click(screen.getByRole('button', { name: /^Section/ }))
    await events.click(await screen.findByRole('option', { name: /^Section 2,/ }))
    await waitFor(() => expect(window.location.pathname).toBe('/site/demo-site/section/section-2'))
    expect(window.location.search).toBe('?view=internal&sortBy=entryTitle')
    await waitFor(() => expect(window.localStorage.getItem('canopy.activeSection')).toBe('section-2'))

    await events.click(screen.getByRole('button', { name: /^Section/ }))
    await events.click(await screen.findByRole('option', { name: /^Section 1,/ }))
    await waitFor(() => expect(window.location.pathname).toBe('/site/demo-site/section/section-1'))

    await events.click(screen.getByRole('button', { name: /^Section/ }))
    await events.click(await screen.findByRole('option', { name: 'All sections' }))
    await waitFor(() => expect(window.location.pathname).toBe('/site/demo-site'))
    await waitFor(() => expect(window.localStorage.getItem('canopy.activeSection')).toBeNull())
  })

  it('shows the premium gate on a premium area of a free site, and not-found for unknown pages', async () => {
    storeUser()
    installFakeApi(siteApi(makeSite({ isPaying: false, firstScanCompleted: true })))
    renderApp('/site/demo-site/seo/pages')
    expect(
      await screen.findByRole('heading', { name: 'SEO is a premium feature', level: 1 }),
    ).toBeInTheDocument()
    expect(screen.getByText('Premium')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See premium features' })).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows the first-scan notice on an area of a site without a first scan', async () => {
    storeUser()
    installFakeApi(siteApi())
    renderApp('/site/demo-site/section/section-1/accessibility/pages')
    expect(
      await screen.findByRole('heading', { name: 'Your results are on the way', level: 1 }),
    ).toBeInTheDocument()
  })

  it('says "No scan yet" on an area of a site that has no scan queued or running', async () => {
    storeUser()
    installFakeApi({
      ...siteApi(),
      'GET /api/v1/sites/:slug/scan-status': reply({
        active: null,
        queuePosition: null,
        lastFinished: null,
        canStartScan: true,
      }),
    })
    renderApp('/site/demo-site/seo/pages')
    expect(
      await screen.findByRole('heading', { name: 'No scan yet', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Canopy Demo Site has not been scanned yet. Start its first scan from the dashboard.'),
    ).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/site/demo-site',
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows the not-found view for an unknown signed-in path', async () => {
    storeUser()
    installFakeApi(siteApi())
    renderApp('/no-such-page')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('a new user registering through an e-mail invite is signed in and the invited site opens', async () => {
    installFakeApi({
      ...siteApi(makeSite({ role: 'viewer' })),
      'GET /auth/check': reply({ authenticated: false }),
      'GET /api/v1/invites/:slug/:token': reply({
        type: 'email',
        detail: 'new@example.com',
        siteName: 'Canopy Demo Site',
      }),
      'POST /account/register': reply({
        signedIn: true,
        verificationRequired: false,
        user: makeUser({ email: 'new@example.com', username: 'new@example.com' }),
      }),
    })
    renderApp('/invites/tok?siteAlias=demo-site')
    const firstName = await screen.findByRole('textbox', { name: /First name/ }, { timeout: 5000 })
    await userEvent.type(firstName, 'Nia')
    await userEvent.type(screen.getByRole('textbox', { name: /Surname/ }), 'Okafor')
    await userEvent.type(screen.getByLabelText(/^Password/), 'Correct-Horse-Battery-9')
    await userEvent.type(screen.getByLabelText(/Confirm password/), 'Correct-Horse-Battery-9')
    await userEvent.click(screen.getByRole('button', { name: 'Register' }))
    expect(
      await screen.findByRole('heading', { name: 'Canopy Demo Site', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(window.location.pathname).toBe('/site/demo-site')
  })

  it('shows settings to a non-admin as not found', async () => {
    storeUser()
    installFakeApi(siteApi(makeSite({ hasAdminAccess: false })))
    renderApp('/site/demo-site/settings/users')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })

  it('renders /500 with links to the dashboard of the active site and the site selector', async () => {
    storeUser()
    window.localStorage.setItem('canopy.activeSite', 'demo-site')
    installFakeApi(siteApi())
    renderApp('/500')
    expect(
      await screen.findByText('Unfortunately we have encountered an error on this page.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/site/demo-site')
    expect(screen.getByRole('link', { name: 'Site selector' })).toHaveAttribute('href', '/')
    expect(await findAxeViolations()).toEqual([])
  })

  it('logs out: calls /logout, clears storage and the cache even when the call fails, then goes to /', async () => {
    storeUser()
    window.localStorage.setItem('canopy.activeSite', 'demo-site')
    const api = installFakeApi({ ...siteApi(), 'POST /logout': fail(500, 'Broken') })
    const events = userEvent.setup()
    const { queryClient } = renderApp('/site/demo-site')
    await screen.findByRole('heading', { name: 'Canopy Demo Site', level: 1 })

    await events.click(screen.getByRole('button', { name: 'User menu: Dana Admin' }))
    await events.click(await screen.findByRole('menuitem', { name: 'Log out' }))

    await waitFor(() => expect(api.callsTo('POST /logout')).toHaveLength(1))
    await waitFor(() => expect(window.localStorage.length).toBe(0))
    expect(queryClient.getQueryData(['sites', 'detail', 'demo-site'])).toBeUndefined()
    expect(await screen.findByRole('heading', { name: 'Log in to Canopy' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/')
  })

  it('falls back to the login page when a call answers 401 (the session ended)', async () => {
    storeUser()
    installFakeApi({ ...siteApi(), 'GET /api/v1/sites': fail(401, 'Sign in to continue.') })
    renderApp('/')
    expect(await screen.findByRole('heading', { name: 'Log in to Canopy' })).toBeInTheDocument()
    expect(window.localStorage.getItem('user')).toBeNull()
  })

  it('opens the search panel with the question-mark key outside form fields, but not on the site home', async () => {
    storeUser()
    installFakeApi(siteApi(makeSite({ firstScanCompleted: true })))
    const events = userEvent.setup()
    renderApp('/site/demo-site')
    await screen.findByRole('heading', { name: 'Canopy Demo Site', level: 1 }, { timeout: 5000 })
    await events.keyboard('?')
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument()

    await events.click(await screen.findByRole('link', { name: 'Accessibility results' }))
    await waitFor(() => expect(window.location.pathname).toBe('/site/demo-site/accessibility'))
    // the area's route module loads on first use, which takes a moment in the test's module transform
    await screen.findByRole('heading', { name: 'Accessibility', level: 1 }, { timeout: 5000 })
    await events.keyboard('?')
    const panel = await screen.findByRole('dialog', { name: 'Search' })
    const field = screen.getByRole('searchbox', { name: 'Search this site' })
    await waitFor(() => expect(field).toHaveFocus())
    await events.type(field, 'contact form{Enter}')
    await waitFor(() => expect(window.location.pathname).toBe('/site/demo-site/search'))
    expect(new URLSearchParams(window.location.search).get('search')).toBe('contact form')
    expect(panel).not.toBeInTheDocument()
  })
})

describe('cross-site screens', () => {
  it('reaches /overview and /scans from the sidebar and /configurations from the user menu', async () => {
    storeUser()
    installFakeApi({ ...siteApi(), 'GET /api/v1/scans': reply([]) })
    const events = userEvent.setup()
    renderApp('/')
    await screen.findByRole('heading', { name: 'Your sites' }, { timeout: 5000 })
    const nav = screen.getByRole('navigation', { name: 'Main' })

    await events.click(within(nav).getByRole('link', { name: 'Overview' }))
    expect(
      await screen.findByRole('heading', { name: 'Overview', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(await screen.findByRole('row', { name: /Canopy Demo Site/ })).toBeInTheDocument()

    await events.click(within(nav).getByRole('link', { name: 'Active scans' }))
    expect(
      await screen.findByRole('heading', { name: 'Active scans', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(await screen.findByText('No scans are queued or running.')).toBeInTheDocument()

    await events.click(screen.getByRole('button', { name: /User menu/ }))
    await events.click(await screen.findByRole('menuitem', { name: 'Configurations' }))
    expect(
      await screen.findByRole('heading', { name: 'Configurations', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(window.location.pathname).toBe('/configurations')
    expect(await findAxeViolations()).toEqual([])
  })
})

describe('network health', () => {
  it('says which service the API cannot reach, on the login page and in the app', async () => {
    installFakeApi({
      'GET /auth/check': reply({ authenticated: false }),
      'GET /healthz/network': fail(503, 'Redis is not answering.'),
    })
    renderApp('/')
    expect(await screen.findByRole('alert')).toHaveTextContent('Redis is not answering.')
  })

  it('shows nothing while the API is healthy', async () => {
    storeUser()
    installFakeApi({ ...siteApi(), 'GET /healthz/network': reply({ error: null }) })
    renderApp('/')
    await screen.findByRole('heading', { name: 'Your sites' })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
