import type { ActiveScan } from '@canopy/contracts'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { installFakeApi, reply } from '@/testing/fake-api'
import { renderWithRouter } from '@/testing/render'
import { ActiveScansScreen } from './active-scans-screen'

function makeScan(overrides: Partial<ActiveScan>): ActiveScan {
  return {
    id: 'scan-1',
    originalConfig: { sys: { id: 'site-1', slug: 'demo-site' }, siteName: 'Canopy Demo Site' },
    rootUri: 'http://127.0.0.1:8090/',
    qaFinished: 5,
    qaEnqueued: 12,
    progress: 41.666,
    pageCount: 12,
    individualScan: false,
    isMultiple: false,
    isRootKey: true,
    individualUrl: null,
    individualPageTitle: null,
    kind: 'site',
    state: 'running',
    queuePosition: null,
    queuedAt: '2026-11-24T09:50:00.000Z',
    startedAt: '2026-11-24T09:51:00.000Z',
    ...overrides,
  }
}

describe('/scans', () => {
  it('lists running scans with progress, then queued scans in queue order with their position', async () => {
    installFakeApi({
      'GET /api/v1/scans': reply([
        makeScan({
          id: 'scan-3',
          state: 'queued',
          queuePosition: 2,
          kind: 'section',
          originalConfig: { sys: { id: 'site-2', slug: 'docs' }, siteName: 'Docs' },
          rootUri: 'https://docs.example/',
          startedAt: null,
        }),
        makeScan({
          id: 'scan-2',
          state: 'queued',
          queuePosition: 1,
          kind: 'page',
          individualScan: true,
          individualUrl: 'http://127.0.0.1:8090/contact.html',
          startedAt: null,
        }),
        makeScan({}),
      ]),
    })
    renderWithRouter(<ActiveScansScreen />, { url: '/scans' })
    expect(screen.getByRole('heading', { name: 'Active scans', level: 1 })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Scans queued or running, running first' })
    const [, running, next, later] = within(table).getAllByRole('row')
    expect(running).toHaveTextContent('Full scan')
    expect(running).toHaveTextContent('Running')
    expect(running).toHaveTextContent('41.67%, 5 of 12 pages')
    expect(within(running as HTMLElement).getByRole('link', { name: 'Canopy Demo Site' })).toHaveAttribute(
      'href',
      '/site/demo-site',
    )
    expect(next).toHaveTextContent('Page scan')
    expect(next).toHaveTextContent('http://127.0.0.1:8090/contact.html')
    expect(next).toHaveTextContent('Queued, next in line')
    expect(later).toHaveTextContent('Section scan')
    expect(later).toHaveTextContent('Queued, position 2 in the queue')
    expect(await findAxeViolations()).toEqual([])
  })

  it('says when nothing is queued or running', async () => {
    installFakeApi({ 'GET /api/v1/scans': reply([]) })
    renderWithRouter(<ActiveScansScreen />, { url: '/scans' })
    expect(await screen.findByText('No scans are queued or running.')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })
})
