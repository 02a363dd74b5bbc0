import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppToastRegion } from '@/components/ui/toast'
import { findAxeViolations } from '@/testing/axe'
import { installFakeApi, reply } from '@/testing/fake-api'
import { makeSiteListItem, pageOf } from '@/testing/fixtures'
import { renderWithRouter } from '@/testing/render'
import { SiteConfigurations } from './site-configurations'
import { SitesOverview } from './sites-overview'

const sites = [
  makeSiteListItem(1),
  makeSiteListItem(2, {
    lastScan: null,
    firstScanCompleted: false,
    scores: { accessibility: null, contentQuality: null, seo: null, performance: null },
    activeScan: { id: 'scan-9', state: 'running', progress: 41.5 },
  }),
  makeSiteListItem(3, {
    hasAdminAccess: false,
    role: 'viewer',
    activeScan: { id: 'scan-10', state: 'queued', progress: 0 },
  }),
]

function sitesApi() {
  return installFakeApi({
    'GET /api/v1/sites': (request) => reply(pageOf(sites, request.query)),
    'POST /api/v1/sites/:slug/scan': reply({ scanId: 'scan-11' }, 202),
  })
}

describe('/overview', () => {
  it('lists every site with its area scores and last scan, sortable by keyboard', async () => {
    const api = sitesApi()
    const events = userEvent.setup()
    renderWithRouter(<SitesOverview />, { url: '/overview' })
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument()
    const first = await screen.findByRole('row', { name: /Site 01/ })
    expect(within(first).getByRole('link', { name: 'Site 01' })).toHaveAttribute('href', '/site/site-1')
    expect(first).toHaveTextContent('51')
    expect(first).toHaveTextContent('61')
    expect(first).toHaveTextContent('71')
    expect(first).toHaveTextContent('46')
    expect(first).toHaveTextContent('20 Nov 2026')
    expect(first).toHaveTextContent('Scan 3')
    const second = screen.getByRole('row', { name: /Site 02/ })
    expect(second).toHaveTextContent('Scanning, 41.50%')
    expect(within(second).getAllByText('Scan scheduled')).toHaveLength(4)
    expect(screen.getByRole('row', { name: /Site 03/ })).toHaveTextContent('Scan queued')
    expect(await findAxeViolations()).toEqual([])

    const sortBySite = screen.getByRole('button', { name: /^Site/ })
    sortBySite.focus()
    await events.keyboard('{Enter}')
    await waitFor(() => expect(api.callsTo('GET /api/v1/sites').at(-1)?.query.get('sortDir')).toBe('desc'))
  })
})

describe('/configurations', () => {
  it('lists the sites with their access and actions; an admin starts a scan by keyboard, busy sites explain why not', async () => {
    const api = sitesApi()
    const events = userEvent.setup()
    renderWithRouter(
      <>
        <SiteConfigurations />
        <AppToastRegion />
      </>,
      { url: '/configurations' },
    )
    const first = await screen.findByRole('row', { name: /Site 01/ })
    expect(first).toHaveTextContent('Admin')
    expect(within(first).getByRole('link', { name: /^Dashboard/ })).toHaveAttribute('href', '/site/site-1')
    const second = screen.getByRole('row', { name: /Site 02/ })
    expect(within(second).getByRole('button', { name: 'Scan Site 02 now' })).toBeDisabled()
    expect(second).toHaveTextContent('A scan of this site is queued or running.')
    const third = screen.getByRole('row', { name: /Site 03/ })
    expect(third).toHaveTextContent('Viewer')
    expect(within(third).queryByRole('button')).not.toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])

    within(first).getByRole('button', { name: 'Scan Site 01 now' }).focus()
    await events.keyboard('{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Scan queued')
    expect(api.callsTo('POST /api/v1/sites/:slug/scan')[0]?.params.slug).toBe('site-1')
  })
})
