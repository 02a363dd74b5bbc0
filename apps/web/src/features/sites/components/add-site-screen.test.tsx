import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSite } from '@/testing/fixtures'
import { renderWithRouter } from '@/testing/render'
import { ADD_SITE_TEXT, AddSiteScreen } from './add-site-screen'

const organisations = [{ sys: { id: 'org-1', slug: 'canopy-demo' }, entryTitle: 'Canopy Demo' }]

describe('add site', () => {
  it('creates the site with its first section and weekly schedule, then opens it; passes axe', async () => {
    const created = makeSite({ sys: { id: 'site-9', slug: 'new-site' }, siteName: 'New site' })
    const api = installFakeApi({
      'GET /api/v1/crm/organisations': reply(organisations),
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
    await waitFor(() => expect(router.state.location.pathname).toBe('/site/new-site'))
    expect(api.callsTo('POST /api/v1/sites')[0]?.body).toMatchObject({
      organisationId: 'org-1',
      siteName: 'New site',
      rootUri: 'https://www.example.org/',
      scanDay: 1,
      scanHour: 3,
      firstSection: { title: 'News', conditions: [{ operator: 'Starts with', value: '/news/' }] },
    })
  })

  it('shows the API’s refusal on the field it names', async () => {
    installFakeApi({
      'GET /api/v1/crm/organisations': reply(organisations),
      'POST /api/v1/sites': fail(400, 'rootUri: refused', {
        errors: { rootUri: 'This address is refused.' },
      }),
    })
    renderWithRouter(<AddSiteScreen />, { url: '/sites/new' })
    await userEvent.type(await screen.findByRole('textbox', { name: /Site name/ }), 'New site')
    await userEvent.type(screen.getByRole('textbox', { name: /Root URL/ }), 'http://10.0.0.1/')
    await userEvent.click(screen.getByRole('button', { name: ADD_SITE_TEXT.title }))
    expect(await screen.findByText('This address is refused.')).toBeInTheDocument()
  })

  it('says so when the user administers no organisation', async () => {
    installFakeApi({ 'GET /api/v1/crm/organisations': reply([]) })
    renderWithRouter(<AddSiteScreen />, { url: '/sites/new' })
    expect(await screen.findByText(ADD_SITE_TEXT.noOrganisation)).toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })
})
