import type { UptimeBucket, UptimeResponse } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS, writeStoredValue } from '@/lib/local-store'
import { findAxeViolations } from '@/testing/axe'
import { stubChartLayout } from '@/testing/chart-layout'
import { type FakeHandler, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, pageOf } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as UptimeRoute } from './performance-uptime'

const HOUR = 3_600_000
const TO = Date.parse('2026-11-25T09:00:00.000Z')

function bucket(index: number, values: Partial<UptimeBucket> = {}): UptimeBucket {
  return {
    start: new Date(TO - (24 - index) * HOUR).toISOString(),
    checks: 12,
    downChecks: 0,
    availabilityPercent: 100,
    averageResponseTimeMs: 200 + index,
    maxResponseTimeMs: 400 + index,
    ...values,
  }
}

function makeUptime(overrides: Partial<UptimeResponse> = {}): UptimeResponse {
  return {
    period: '24h',
    from: new Date(TO - 24 * HOUR).toISOString(),
    to: new Date(TO).toISOString(),
    bucketMinutes: 60,
    availabilityPercent: 98.61,
    checks: 288,
    downChecks: 4,
    latestCheck: {
      checkedAt: '2026-11-25T08:55:00.000Z',
      up: true,
      statusCode: 200,
      responseTimeMs: 180,
      error: null,
    },
    incidents: [
      {
        id: 'incident-2',
        startedAt: '2026-11-25T03:05:00.000Z',
        endedAt: '2026-11-25T03:25:00.000Z',
        durationSeconds: 1200,
        cause: 'HTTP 503',
      },
      {
        id: 'incident-1',
        startedAt: '2026-11-24T20:00:00.000Z',
        endedAt: '2026-11-24T22:05:00.000Z',
        durationSeconds: 7500,
        cause: 'Connection refused',
      },
    ],
    buckets: Array.from({ length: 24 }, (_, index) =>
      index === 18 ? bucket(index, { downChecks: 4, availabilityPercent: 66.67 }) : bucket(index),
    ),
    ...overrides,
  }
}

function renderUptime(
  uptime: FakeHandler = reply(makeUptime()),
  site = makeSite({ firstScanCompleted: true }),
) {
  const url = '/site/demo-site/performance/uptime'
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(site),
    'GET /api/v1/sites/:slug/sections': (request) => reply(pageOf([makeSection(1)], request.query)),
    'GET /api/v1/sites/:slug/performance/uptime': uptime,
  })
  return { ...renderSiteRoute(<UptimeRoute />, { url, path: 'performance/uptime' }), api }
}

const enableFlag = () =>
  writeStoredValue(STORAGE_KEYS.featureFlags, JSON.stringify({ 'performance/uptime': true }))

stubChartLayout()

describe('performance/uptime', () => {
  it('is not found while its flag is off', async () => {
    renderUptime()
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument()
  })

  it('shows availability, the current status, the response-time chart with its table and the incidents', async () => {
    enableFlag()
    renderUptime()
    expect(await screen.findByRole('heading', { level: 1, name: 'Uptime' })).toBeInTheDocument()
    const summary = await screen.findByRole('region', { name: 'Last 24 hours' })
    expect(summary).toHaveTextContent('Availability98.61%288 checks, 4 down checks')
    expect(summary).toHaveTextContent('Current statusUpHTTP 200 in 180 ms')
    expect(summary).toHaveTextContent('Incidents2None ongoing')

    const chart = screen.getByRole('region', { name: 'Response time' })
    expect(chart).toHaveTextContent('Response time per hour, 24 points.')
    const toggle = within(chart).getByRole('button', { name: 'Data of response time as a table' })
    toggle.focus()
    await userEvent.keyboard('{Enter}')
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const table = within(chart).getByRole('table', { name: 'Response time' })
    expect(within(table).getAllByRole('row')).toHaveLength(25)
    expect(within(table).getAllByRole('row')[19]).toHaveTextContent('12466.67%218 ms418 ms')

    const incidents = screen.getByRole('region', { name: 'Incidents' })
    const rows = within(incidents).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('20 minHTTP 503')
    expect(rows[2]).toHaveTextContent('2 h 5 minConnection refused')
    expect(await findAxeViolations()).toEqual([])
  })

  it('needs a paying site but not a first scan: its data comes from the uptime checks', async () => {
    enableFlag()
    const first = renderUptime(reply(makeUptime()), makeSite({ firstScanCompleted: false }))
    expect(await screen.findByRole('region', { name: 'Last 24 hours' })).toHaveTextContent('98.61%')
    first.unmount()
    renderUptime(reply(makeUptime()), makeSite({ firstScanCompleted: true, isPaying: false }))
    expect(
      await screen.findByRole('heading', { name: 'Performance is a premium feature' }),
    ).toBeInTheDocument()
  })

  it('changes the period from the keyboard and asks the API for it', async () => {
    enableFlag()
    const { api, router } = renderUptime()
    const period = await screen.findByRole('button', { name: /Last 24 hours/ })
    expect(api.callsTo('GET /api/v1/sites/:slug/performance/uptime')[0]?.query.get('period')).toBe('24h')
    period.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('option', { name: 'Last 24 hours' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(router.state.location.search).toBe('?period=7d'))
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/sites/:slug/performance/uptime').at(-1)?.query.get('period')).toBe(
        '7d',
      ),
    )
  })

  it('says when the site is down and an incident is ongoing', async () => {
    enableFlag()
    const down = makeUptime({
      latestCheck: {
        checkedAt: '2026-11-25T08:55:00.000Z',
        up: false,
        statusCode: null,
        responseTimeMs: null,
        error: 'No answer within 10 s',
      },
      incidents: [
        {
          id: 'incident-3',
          startedAt: '2026-11-25T08:40:00.000Z',
          endedAt: null,
          durationSeconds: 900,
          cause: 'No answer within 10 s',
        },
      ],
    })
    renderUptime(reply(down))
    const summary = await screen.findByRole('region', { name: 'Last 24 hours' })
    expect(summary).toHaveTextContent('Current statusDownNo answer within 10 s')
    expect(summary).toHaveTextContent('1 ongoing')
    expect(within(screen.getByRole('region', { name: 'Incidents' })).getByText('Ongoing')).toBeInTheDocument()
  })

  it('shows an empty period without a chart, and the fetch error', async () => {
    enableFlag()
    const empty = makeUptime({
      availabilityPercent: null,
      checks: 0,
      downChecks: 0,
      latestCheck: null,
      incidents: [],
      buckets: [
        bucket(0, {
          checks: 0,
          availabilityPercent: null,
          averageResponseTimeMs: null,
          maxResponseTimeMs: null,
        }),
      ],
    })
    const view = renderUptime(reply(empty))
    expect(await screen.findByText('No checks in this period yet.')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Last 24 hours' })).toHaveTextContent('Not checked yet')
    expect(
      screen.getByText('No incidents in this period: every check found the site up.'),
    ).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
    view.unmount()

    renderUptime(fail(500))
    expect(await screen.findByRole('alert')).toHaveTextContent("There's been a error fetching your data")
  })
})
