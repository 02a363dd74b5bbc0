import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSite } from '@/testing/fixtures'
import { renderWithRouter } from '@/testing/render'
import { ADD_SITE_TEXT, AddSiteScreen } from './add-site-screen'

/**
 * The form re-renders its long time-zone list on each keystroke: slower than the defaults on a loaded machine.
 */
const SLOW = { timeout: 8_000 }
const SLOW_TEST_MS = 45_000

const reachable = {
  reachable: true,
  statusCode: 200,
  finalUrl: 'https://www.example.org/',
  robotsAllowed: true,
  message: 'The site answers and its robots.txt lets the scanner read it.',
}

const organisations = [{ sys: { id: 'org-1', slug: 'canopy-demo' }, entryTitle: 'Canopy Demo' }]

describe('add site', () => {
  it(
    'creates the site with its first section and weekly schedule, then opens it; passes axe',
    async () => {
      const created = makeSite({ sys: { id: 'site-9', slug: 'new-site' }, siteName: 'New site' })
      const api = installFakeApi({
        'GET /api/v1/crm/organisations': reply(organisations),
        'POST /api/v1/sites/check-url': reply(reachable),
        'POST /api/v1/sites': reply(created, 201),
      })
      const { router } = renderWithRouter(<AddSiteScreen />, { url: '/sites/new' })
      const name = await screen.findByRole('textbox', { name: /Site name/ })
      expect(await findAxeViolations()).toEqual([])
      await userEvent.click(screen.getByRole('button', { name: ADD_SITE_TEXT.title }))
      expect(await screen.findByText(ADD_SITE_TEXT.nameRequired)).toBeInTheDocument()
      expect(screen.getByText(ADD_SITE_TEXT.rootInvalid)).toBeInTheDocument()

      await userEvent.type(name, 'New site')
      await userEvent.type(screen.getByRole('textbox', { name: /Root URL/ }), 'https://www.example.org/')
      await userEvent.type(screen.getByRole('textbox', { name: 'Section name' }), 'News')
      await userEvent.type(screen.getByRole('textbox', { name: /Pages whose path starts with/ }), '/news/')
      await userEvent.click(screen.getByRole('button', { name: ADD_SITE_TEXT.title }))
      await waitFor(() => expect(router.state.location.pathname).toBe('/site/new-site'), SLOW)
      expect(api.callsTo('POST /api/v1/sites/check-url')[0]?.body).toEqual({
        url: 'https://www.example.org/',
      })
      expect(api.callsTo('POST /api/v1/sites')[0]?.body).toMatchObject({
        organisationId: 'org-1',
        siteName: 'New site',
        rootUri: 'https://www.example.org/',
        scanDay: 1,
        scanHour: 3,
        firstSection: { title: 'News', conditions: [{ operator: 'Starts with', value: '/news/' }] },
      })
    },
    SLOW_TEST_MS,
  )

  it(
    'refuses an address the scanner may not reach, on the root URL field, and adds nothing',
    async () => {
      const api = installFakeApi({
        'GET /api/v1/crm/organisations': reply(organisations),
        'POST /api/v1/sites/check-url': fail(400, 'url: refused', {
          errors: { url: 'This address is refused.' },
        }),
      })
      renderWithRouter(<AddSiteScreen />, { url: '/sites/new' })
      await userEvent.type(await screen.findByRole('textbox', { name: /Site name/ }), 'New site')
      await userEvent.type(screen.getByRole('textbox', { name: /Root URL/ }), 'http://10.0.0.1/')
      await userEvent.click(screen.getByRole('button', { name: ADD_SITE_TEXT.title }))
      expect(await screen.findByText('This address is refused.', {}, SLOW)).toBeInTheDocument()
      expect(api.callsTo('POST /api/v1/sites')).toHaveLength(0)
    },
    SLOW_TEST_MS,
  )

  it(
    'says when the address does not answer, and adds the site on a second go',
    async () => {
      const api = installFakeApi({
        'GET /api/v1/crm/organisations': reply(organisations),
        'POST /api/v1/sites/check-url': reply({
          reachable: false,
          statusCode: null,
          finalUrl: null,
          robotsAllowed: null,
          message: 'The site’s root could not be loaded: the connection was refused.',
        }),
        'POST /api/v1/sites': reply(makeSite({ sys: { id: 'site-9', slug: 'down-site' } }), 201),
      })
      const { router } = renderWithRouter(<AddSiteScreen />, { url: '/sites/new' })
      await userEvent.type(await screen.findByRole('textbox', { name: /Site name/ }), 'Down site')
      await userEvent.type(screen.getByRole('textbox', { name: /Root URL/ }), 'https://down.example.org/')
      await userEvent.click(screen.getByRole('button', { name: ADD_SITE_TEXT.title }))
      expect(await screen.findByText(/the connection was refused/, {}, SLOW)).toBeInTheDocument()
      expect(api.callsTo('POST /api/v1/sites')).toHaveLength(0)
      await userEvent.click(screen.getByRole('button', { name: ADD_SITE_TEXT.addAnyway }))
      await waitFor(() => expect(router.state.location.pathname).toBe('/site/down-site'), SLOW)
    },
    SLOW_TEST_MS,
  )

  it('says so when the user administers no organisation', async () => {
    installFakeApi({ 'GET /api/v1/crm/organisations': reply([]) })
    renderWithRouter(<AddSiteScreen />, { url: '/sites/new' })
    expect(await screen.findByText(ADD_SITE_TEXT.noOrganisation)).toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })
})
