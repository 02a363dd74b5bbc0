import type { DictionaryWord, MaliciousLinkListItem, MisspellingListItem } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, type FakeRequest, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, pageOf } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as DictionaryWordsRoute } from './dictionary-words'
import { Component as MaliciousLinksRoute } from './malicious-links'
import { Component as MisspellingsRoute } from './misspellings'
import { Component as IntegrationsRoute } from './settings-integrations'

const listOf =
  <T,>(items: () => T[]) =>
  (request: FakeRequest) =>
    reply(pageOf(items(), request.query))

const misspelling = (id: string, word: string, totalCount: number): MisspellingListItem => ({
  sys: { id },
  entryTitle: word,
  language: 'en',
  totalCount,
  pageCount: 1,
})

function renderScreen(
  element: ReactNode,
  url: string,
  path: string,
  routes: Record<string, FakeHandler>,
  site = makeSite({ firstScanCompleted: true }),
) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(site),
    'GET /api/v1/sites/:slug/sections': listOf(() => [makeSection(1)]),
    ...routes,
  })
  return { ...renderSiteRoute(element, { url, path }), api }
}

describe('misspellings', () => {
  it('adds a word to its language dictionary after the confirmation, and the word leaves the list', async () => {
    let words = [misspelling('m1', 'seperate', 3), misspelling('m2', 'Grovia', 1)]
    const { api } = renderScreen(
      <MisspellingsRoute />,
      '/site/demo-site/content-quality/misspellings',
      'content-quality/misspellings',
      {
        'GET /api/v1/sites/:slug/content-quality/misspellings': listOf(() => words),
        'POST /api/v1/sites/:slug/dictionary/:lang/words': () => {
          words = words.filter((item) => item.entryTitle !== 'Grovia')
          return reply({ words: ['Grovia'], misspellingsRemoved: 1, pagesUpdated: 1 })
        },
      },
    )
    const table = await screen.findByRole('table')
    const row = await within(table).findByRole('row', { name: /Grovia/ })
    expect(within(row).getByRole('link', { name: '1 occurrences of Grovia' })).toHaveAttribute(
      'href',
      '/site/demo-site/content-quality/misspellings/m2',
    )
    expect(screen.getByRole('link', { name: 'Go to dictionaries' })).toHaveAttribute(
      'href',
      '/site/demo-site/content-quality/dictionaries',
    )
    expect(await findAxeViolations()).toEqual([])

    await userEvent.click(within(row).getByRole('button', { name: 'Add to English dictionary: Grovia' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add to English dictionary' })
    expect(
      within(dialog).getByRole('checkbox', { name: "Don't show me this confirmation again" }),
    ).not.toBeChecked()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to English dictionary' }))
    expect(
      await screen.findByText(
        '"Grovia" has been added to your English dictionary. Your word will be cleaned up in the next scan.',
      ),
    ).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/sites/:slug/dictionary/:lang/words')[0]).toMatchObject({
      params: { lang: 'en' },
      body: { words: ['Grovia'], ids: ['m2'] },
    })
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Grovia/ })).toBeNull())
    expect(within(table).getByRole('row', { name: /seperate/ })).toBeInTheDocument()
  })
})

describe('a dictionary', () => {
  it('shows a viewer the words and misspellings without the add and delete controls', async () => {
    const viewer = makeSite({ firstScanCompleted: true, role: 'viewer' })
    const word: DictionaryWord = {
      sys: { id: 'w1' },
      word: 'Grovia',
      entryTitle: 'Grovia',
      author: 'Demo Admin',
      creationDate: '2026-11-20T10:00:00.000Z',
    }
    renderScreen(
      <DictionaryWordsRoute />,
      '/site/demo-site/content-quality/dictionaries/dictionary',
      'content-quality/dictionaries/dictionary/:language?',
      { 'GET /api/v1/sites/:slug/dictionary': listOf(() => [word]) },
      viewer,
    )
    const row = await screen.findByRole('row', { name: /Grovia/ })
    expect(within(row).queryByRole('button')).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /Words to add/ })).not.toBeInTheDocument()
    expect(
      screen.getByText("Only the site's editors and administrators can change its dictionaries."),
    ).toBeVisible()
    expect(await findAxeViolations()).toEqual([])
  })

  it('adds comma separated words without repeats, refuses an empty box, and deletes a word after the confirmation', async () => {
    let entries: DictionaryWord[] = [
      {
        sys: { id: 'w1' },
        word: 'Grovia',
        entryTitle: 'Grovia',
        author: 'Demo Admin',
        creationDate: '2026-11-20T10:00:00.000Z',
      },
    ]
    const { api } = renderScreen(
      <DictionaryWordsRoute />,
      '/site/demo-site/content-quality/dictionaries/dictionary',
      'content-quality/dictionaries/dictionary/:language?',
      {
        'GET /api/v1/sites/:slug/dictionary': listOf(() => entries),
        'POST /api/v1/sites/:slug/dictionary/:lang/words': (request) =>
          reply({
            words: (request.body as { words: string[] }).words,
            misspellingsRemoved: 0,
            pagesUpdated: 0,
          }),
        'DELETE /api/v1/sites/:slug/dictionary/:lang/words': () => {
          entries = []
          return reply({ words: ['Grovia'] })
        },
      },
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Global dictionary (all languages)' }),
    ).toBeInTheDocument()
    await screen.findByRole('row', { name: /Grovia Demo Admin/ })
    expect(await findAxeViolations()).toEqual([])

    const add = screen.getByRole('button', { name: 'Add to Global dictionary' })
    await userEvent.click(add)
    expect(await screen.findByText('Please enter at least one word')).toBeInTheDocument()
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Words to add' }),
      'canopy, grovia, Canopy , bramble',
    )
    await userEvent.click(add)
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/sites/:slug/dictionary/:lang/words')[0]).toMatchObject({
        params: { lang: 'global' },
        body: { words: ['canopy', 'bramble'] },
      }),
    )

    await userEvent.click(screen.getByRole('button', { name: 'Delete Grovia' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete "Grovia"' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Grovia has been removed from the dictionary')).toBeInTheDocument()
    expect(screen.getByText('Grovia deleted')).toBeInTheDocument()
    expect(api.callsTo('DELETE /api/v1/sites/:slug/dictionary/:lang/words')[0]?.body).toEqual({
      words: ['Grovia'],
    })
  })
})

describe('malicious links', () => {
  const link: MaliciousLinkListItem = {
    sys: { id: 'l1', version: { created: '2026-11-20T10:00:00.000Z' } },
    entryTitle: 'https://prize.example/claim',
    riskType: 'SOCIAL_ENGINEERING',
    totalCount: 2,
  }

  it('points to the integrations settings while the web-risk check is off', async () => {
    const { api } = renderScreen(
      <MaliciousLinksRoute />,
      '/site/demo-site/content-quality/malicious-links',
      'content-quality/malicious-links',
      {
        'GET /api/v1/sites/:slug/content-quality/malicious-links': listOf(() => [link]),
      },
    )
    expect(await screen.findByRole('link', { name: 'Go to integrations' })).toHaveAttribute(
      'href',
      '/site/demo-site/settings/integrations',
    )
    expect(api.callsTo('GET /api/v1/sites/:slug/content-quality/malicious-links')).toHaveLength(0)
    expect(await findAxeViolations()).toEqual([])
  })

  it('lists the links with their threat type and occurrences when it is on', async () => {
    renderScreen(
      <MaliciousLinksRoute />,
      '/site/demo-site/content-quality/malicious-links',
      'content-quality/malicious-links',
      { 'GET /api/v1/sites/:slug/content-quality/malicious-links': listOf(() => [link]) },
      makeSite({ firstScanCompleted: true, webRiskIntegration: { enabled: true } }),
    )
    const row = await screen.findByRole('row', { name: /prize\.example/ })
    expect(row).toHaveTextContent('Social engineering')
    expect(
      within(row).getByRole('link', { name: '2 pages link to https://prize.example/claim' }),
    ).toHaveAttribute('href', '/site/demo-site/content-quality/malicious-links/l1')
    expect(await findAxeViolations()).toEqual([])
  })
})

const TRACKER_AND_ANALYTICS_OFF = {
  'GET /api/v1/sites/:slug/integrations/jira/settings': reply({
    enabled: false,
    baseUrl: '',
    email: '',
    projectKey: '',
    apiKeySet: false,
  }),
  'GET /api/v1/sites/:slug/integrations/ga4/settings': reply({
    enabled: false,
    propertyID: null,
    propertyIdList: [],
    connected: false,
  }),
}

describe('settings/integrations', () => {
  it('requires a key to turn the web-risk check on, saves it and never shows it back', async () => {
    const { api } = renderScreen(
      <IntegrationsRoute />,
      '/site/demo-site/settings/integrations',
      'settings/integrations',
      {
        'GET /api/v1/sites/:slug/integrations/web-risk/settings': reply({
          enabled: false,
          apiKey: 'not set',
          apiKeySet: false,
        }),
        'POST /api/v1/sites/:slug/integrations/web-risk/settings': reply({
          enabled: true,
          apiKey: 'set',
          apiKeySet: true,
        }),
        ...TRACKER_AND_ANALYTICS_OFF,
      },
    )
    expect(await screen.findByRole('heading', { level: 2, name: 'Web Risk' })).toBeInTheDocument()
    expect(screen.getByText('No key is stored.')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
    const webRisk = within(screen.getByRole('form', { name: 'Web Risk' }))
    await userEvent.click(webRisk.getByRole('checkbox', { name: 'Enabled' }))
    await userEvent.click(webRisk.getByRole('button', { name: 'Save' }))
    expect(await webRisk.findByText('Required')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/sites/:slug/integrations/web-risk/settings')).toHaveLength(0)
    await userEvent.type(webRisk.getByLabelText(/API key/), 'key-123')
    await userEvent.click(webRisk.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Web risk settings updated')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/sites/:slug/integrations/web-risk/settings')[0]?.body).toEqual({
      enabled: true,
      apiKey: 'key-123',
    })
    expect(await screen.findByText('A key is stored. Enter a new one to replace it.')).toBeInTheDocument()
  })

  it('saves the issue tracker settings, tests the connection, and shows analytics as not connected', async () => {
    const saved = { enabled: true, baseUrl: 'https://team.example', email: 'a@b.example', projectKey: 'WEB' }
    const { api } = renderScreen(
      <IntegrationsRoute />,
      '/site/demo-site/settings/integrations',
      'settings/integrations',
      {
        'GET /api/v1/sites/:slug/integrations/web-risk/settings': reply({
          enabled: false,
          apiKey: 'not set',
          apiKeySet: false,
        }),
        ...TRACKER_AND_ANALYTICS_OFF,
        'POST /api/v1/sites/:slug/integrations/jira/settings': reply({ ...saved, apiKeySet: true }),
        'POST /api/v1/sites/:slug/integrations/jira/settings/test': reply({
          ok: true,
          accountName: 'Ada',
          projectName: 'Website',
          message: null,
        }),
      },
    )
    const tracker = within(await screen.findByRole('form', { name: 'Issue tracker' }))
    expect(screen.getByText('No Google Analytics account is connected.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Connect Google Analytics' })).toBeEnabled()
    expect(await findAxeViolations()).toEqual([])
    await userEvent.click(tracker.getByRole('checkbox', { name: 'Enabled' }))
    await userEvent.click(tracker.getByRole('button', { name: 'Save' }))
    expect(await tracker.findByText('Required')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/sites/:slug/integrations/jira/settings')).toHaveLength(0)
    await userEvent.type(tracker.getByLabelText(/Site URL/), saved.baseUrl)
    await userEvent.type(tracker.getByLabelText(/Account e-mail/), saved.email)
    await userEvent.type(tracker.getByLabelText(/API token/), 'token-1')
    await userEvent.type(tracker.getByLabelText(/Project key/), saved.projectKey)
    await userEvent.click(tracker.getByRole('button', { name: 'Test connection' }))
    expect(await tracker.findByText('Connected as Ada to the project Website.')).toBeInTheDocument()
    await userEvent.click(tracker.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Issue tracker settings updated')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/sites/:slug/integrations/jira/settings')[0]?.body).toEqual({
      ...saved,
      apiKey: 'token-1',
    })
    expect(await tracker.findByText('A token is stored. Enter a new one to replace it.')).toBeInTheDocument()
  })
})
