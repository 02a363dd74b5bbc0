import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeDocumentDetail } from '@/testing/area-fixtures'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSite } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as DocumentDetailRoute } from './document-detail'

function renderDocument(url: string, routes: Record<string, FakeHandler> = {}) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true })),
    'GET /api/v1/sites/:slug/document': reply(makeDocumentDetail()),
    ...routes,
  })
  return { ...renderSiteRoute(<DocumentDetailRoute />, { url, path: 'documents/:documentId/:tabId?' }), api }
}

describe('document detail', () => {
  it('shows the document, its accessibility checks and the pages linking to it, tab by tab', async () => {
    const { api, router } = renderDocument('/site/demo-site/documents/document-1/overview')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Report 01' }, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(api.callsTo('GET /api/v1/sites/:slug/document')[0]?.query.get('documentId')).toBe('document-1')
    expect(screen.getByText('1 MB')).toBeInTheDocument()
    expect(screen.getByText('Machine readable')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('PDFs')
    expect(await findAxeViolations()).toEqual([])

    const overview = screen.getByRole('tab', { name: 'Overview' })
    overview.focus()
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/site/demo-site/documents/document-1/accessibility'),
    )
    const checks = screen.getByRole('list', { name: 'Accessibility checks' })
    const items = within(checks).getAllByRole('listitem')
    expect(items.map((item) => item.textContent?.trim())).toEqual([
      'PassedTaggedThe PDF has a structure tree.',
      'FailedTitleThe PDF names itself in its metadata.',
      'Could not be checkedLanguageThe PDF declares its language.',
    ])
    expect(screen.getByRole('region', { name: 'Accessibility score' })).toHaveTextContent('51')
    expect(await findAxeViolations()).toEqual([])

    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/site/demo-site/documents/document-1/pages'),
    )
    expect(screen.getByText('3 pages link to this document.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Images' })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-1/overview',
    )
    expect(screen.getByText('And 2 more.')).toBeInTheDocument()
  })

  it('shows the detail error when the document cannot be loaded', async () => {
    renderDocument('/site/demo-site/documents/missing/overview', {
      'GET /api/v1/sites/:slug/document': fail(404, 'Document not found'),
    })
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong.' }, { timeout: 5000 }),
    ).toBeInTheDocument()
  })
})
