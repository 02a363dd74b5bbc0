import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../packages/cli/src/index.js'
import {
  createSessionCookie,
  createTestCompletedScan,
  createTestIssueSummary,
  createTestSite,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'
import { startFakeSinglePageWorker } from './single-page-worker.js'

const getApp = useTestApp()
const closers: (() => Promise<unknown>)[] = []
// Runs before the app closes (after-hooks run last-registered first): fetch keeps its connections open.
afterAll(async () => {
  for (const close of closers) await close()
  ;(await getApp()).app.server.closeAllConnections()
})

/** The API on a real port, so the CLI talks to it with fetch as it would in CI. */
async function listeningApp() {
  const testApp = await getApp()
  if (!testApp.app.server.listening) await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = testApp.app.server.address() as AddressInfo
  return { ...testApp, baseUrl: `http://127.0.0.1:${port}` }
}

/** Plays the worker: finishes the site's queued scan with the given scores and a new failed issue. */
async function finishQueuedScan(app: Awaited<ReturnType<typeof getApp>>['app'], siteId: string) {
  for (let tries = 0; tries < 200; tries += 1) {
    const scan = await app.prisma.scan.findFirst({ where: { siteId, state: 'queued' } })
    if (scan) {
      // Results first, then the state: the CLI reads them as soon as it sees the scan completed.
      await app.prisma.historyPoint.create({
        data: {
          siteId,
          scanId: scan.id,
          numberOfPages: 3,
          accessibilityScore: 91,
          seoScore: 72,
          performanceScore: 88,
          contentQualityScore: 80,
          metrics: {},
        },
      })
      await app.prisma.issueSummary.deleteMany({ where: { siteId } })
      await createTestIssueSummary(app.prisma, { siteId, scanId: scan.id, issueId: 'image-alt', pagesNew: 2 })
      const finishedAt = new Date()
      await app.prisma.scan.update({
        where: { id: scan.id },
        data: { state: 'completed', startedAt: finishedAt, finishedAt },
      })
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the CLI queued no scan')
}

async function siteWithToken(access: 'read' | 'write') {
  const { app, baseUrl } = await listeningApp()
  const user = await createTestUser(app.prisma)
  const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'editor' }] })
  await createTestCompletedScan(app.prisma, {
    siteId: site.id,
    number: 1,
    finishedAt: new Date(Date.now() - 60_000),
  })
  const cookie = await createSessionCookie(app.prisma, user.id)
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/crm/users/currentProfile/tokens',
    headers: { cookie },
    payload: { name: 'CI', access, sites: [site.slug] },
  })
  return { app, site, env: { CANOPY_URL: baseUrl, CANOPY_TOKEN: created.json().token as string } }
}

function captured() {
  const out: string[] = []
  const err: string[] = []
  return {
    out,
    err,
    context: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) },
  }
}

describe('canopy scan against the API', () => {
  it('starts a full scan with a token, waits for it, prints the scores and gates on them', async () => {
    const { app, site, env } = await siteWithToken('write')
    const { out, context } = captured()
    const [code] = await Promise.all([
      runCli(['scan', '--site', site.slug, '--min-score', 'accessibility=90,seo=80', '--json'], {
        ...context,
        env,
        pollMs: 50,
      }),
      finishQueuedScan(app, site.id),
    ])
    const report = JSON.parse(out.join('\n'))
    expect(report.scores).toEqual({ accessibility: 91, contentQuality: 80, seo: 72, performance: 88 })
    expect(report.newIssues).toEqual([
      { category: 'accessibility', id: 'image-alt', title: 'image-alt title', pagesNew: 2 },
    ])
    expect(report.failures).toEqual(['seo: 72 is below the minimum 80'])
    expect(code).toBe(1)
  })

  it('passes when the gates hold, and fails on new issues when asked', async () => {
    const { app, site, env } = await siteWithToken('write')
    const first = captured()
    const [passed] = await Promise.all([
      runCli(['scan', '--site', site.slug, '--min-score', 'accessibility=90'], {
        ...first.context,
        env,
        pollMs: 50,
      }),
      finishQueuedScan(app, site.id),
    ])
    expect(passed).toBe(0)
    expect(first.out.join('\n')).toContain('PASSED')
    const second = captured()
    const [failed] = await Promise.all([
      runCli(['scan', '--site', site.slug, '--fail-on-new-issues'], { ...second.context, env, pollMs: 50 }),
      finishQueuedScan(app, site.id),
    ])
    expect(failed).toBe(1)
    expect(second.out.join('\n')).toContain('new failed issue')
  })

  it('exits 2 with the API message for a read token, a token for another site or no token', async () => {
    const { site, env } = await siteWithToken('read')
    const readOnly = captured()
    expect(await runCli(['scan', '--site', site.slug], { ...readOnly.context, env })).toBe(2)
    expect(readOnly.err.join()).toContain('403')
    const otherSite = captured()
    const writer = await siteWithToken('write')
    const elsewhere = { ...otherSite.context, env: writer.env }
    expect(await runCli(['scan', '--site', site.slug], elsewhere)).toBe(2)
    expect(otherSite.err.join()).toContain('404')
    const noToken = captured()
    expect(await runCli(['scan', '--site', site.slug], { ...noToken.context, env: {} })).toBe(2)
    expect(noToken.err.join()).toContain('CANOPY_TOKEN')
  })
})

describe('canopy scan --url alone: one page anywhere', () => {
  it('scans the page, follows it over Socket.IO with the token, prints its scores and failed issues, and gates on them', async () => {
    const { env } = await siteWithToken('write')
    const testApp = await getApp()
    await testApp.app.scanEvents.listening()
    await startFakeSinglePageWorker(testApp, closers)
    const url = 'https://www.example.com/landing'

    const plain = captured()
    const passed = await runCli(['scan', '--url', url, '--min-score', 'accessibility=70'], {
      ...plain.context,
      env,
    })
    const text = plain.out.join('\n')
    expect(passed).toBe(0)
    expect(text).toContain(`Canopy scan of ${url}`)
    expect(text).toMatch(/accessibility\s+71/)
    expect(text).toContain('Failed issues on the page (1):')
    expect(text).toContain('[accessibility] Images must have alternative text (image-alt)')

    const gated = captured()
    const failed = await runCli(
      ['scan', '--url', url, '--fail-on-new-issues', '--min-score', 'seo=95', '--json'],
      {
        ...gated.context,
        env,
      },
    )
    const report = JSON.parse(gated.out.join('\n'))
    expect(failed).toBe(1)
    expect(report).toMatchObject({
      url,
      scores: { accessibility: 71, seo: 90, performance: null, contentQuality: 100 },
    })
    expect(report.failures).toEqual(['seo: 90 is below the minimum 95', '1 failed issue on the page'])
  })

  it('exits 2 with the reason when the page cannot be scanned', async () => {
    const { env } = await siteWithToken('write')
    const testApp = await getApp()
    await testApp.app.scanEvents.listening()
    await startFakeSinglePageWorker(testApp, closers)
    const { err, context } = captured()
    expect(await runCli(['scan', '--url', 'https://unreachable.example.com/'], { ...context, env })).toBe(2)
    expect(err.join('\n')).toContain('the scan failed')
  })
})
