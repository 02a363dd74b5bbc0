import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createSessionCookie,
  createTestPageWithArtifacts,
  createTestSite,
  createTestUser,
  testElementScreenshotPath,
} from './factories.js'
import { buildTestApp, type TestApp } from './helper.js'

/** Every answer carries helmet's headers; a snapshot of a scanned page gets a sandbox of its own. */
const INDEX_HTML = '<!doctype html><title>Canopy</title><div id="root"></div>'
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }
let testApp: TestApp
let artifactsDir: string

beforeAll(async () => {
  const webDistDir = await mkdtemp(path.join(tmpdir(), 'canopy-web-dist-'))
  await mkdir(path.join(webDistDir, 'assets'))
  await writeFile(path.join(webDistDir, 'index.html'), INDEX_HTML)
  await writeFile(path.join(webDistDir, 'assets', 'app-1a2b3c.js'), 'console.log("canopy")')
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-header-artifacts-'))
  testApp = await buildTestApp({ webDistDir, artifactsDir })
})

afterAll(async () => {
  await testApp?.app.close()
})

/** The policy's directives by name, each with its sources. */
function directivesOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '')
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  )
}

function expectWebAppHeaders(response: LightMyRequestResponse) {
  const policy = directivesOf(response)
  const { host } = new URL(testApp.config.publicUrl)
  expect(policy.get('default-src')).toEqual(["'self'"])
  expect(policy.get('script-src')).toEqual(["'self'"])
  expect(policy.get('script-src-attr')).toEqual(["'none'"])
  // React Aria's own <style> rules by hash (plugins/external/helmet.ts), nothing else inline
  expect(policy.get('style-src')?.[0]).toBe("'self'")
  expect(policy.get('style-src')?.slice(1)).toEqual([
    expect.stringMatching(/^'sha256-/),
    expect.stringMatching(/^'sha256-/),
  ])
  expect(policy.get('connect-src')).toEqual(["'self'", `ws://${host}`])
  expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http:', 'https:'])
  expect(policy.get('frame-src')).toEqual(["'self'"])
  expect(policy.get('frame-ancestors')).toEqual(["'none'"])
  expect(policy.get('object-src')).toEqual(["'none'"])
  expect(policy.get('base-uri')).toEqual(["'self'"])
  expect(policy.get('form-action')).toEqual(["'self'"])
  expect(policy.has('upgrade-insecure-requests')).toBe(false)
  expect(response.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  })
  expect(response.headers['strict-transport-security']).toBeUndefined()
  expect(response.headers['cross-origin-embedder-policy']).toBeUndefined()
}

describe("the web app's headers", () => {
  it('are on API JSON, errors, the SPA and its files', async () => {
    const { app } = testApp
    const answers = {
      json: await app.inject({ method: 'GET', url: '/auth/check' }),
      unauthorized: await app.inject({ method: 'GET', url: '/api/v1/sites' }),
      notFound: await app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: html }),
      badRequest: await app.inject({ method: 'GET', url: '/api/v1/sites/%00' }),
      page: await app.inject({ method: 'GET', url: '/site/demo', headers: html }),
      asset: await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' }),
    }
    expect(Object.values(answers).map((answer) => answer.statusCode)).toEqual([200, 401, 404, 400, 200, 200])
    expect(answers.page.body).toBe(INDEX_HTML)
    for (const answer of Object.values(answers)) expectWebAppHeaders(answer)
  })

  it("leave the analytics sign-in popup's landing pages their opener, and only those", async () => {
    const { app } = testApp
    const landing = await app.inject({
      method: 'GET',
      url: '/oauth/popup-error?message=denied',
      headers: html,
    })
    expect(landing.statusCode).toBe(200)
    expect(landing.body).toBe(INDEX_HTML)
    expect(landing.headers['cross-origin-opener-policy']).toBe('unsafe-none')
    const page = await app.inject({ method: 'GET', url: '/oauth/error', headers: html })
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  })

  it('over https add HSTS, upgrade insecure requests and name the wss address', async () => {
    const secure = await buildTestApp({ publicUrl: 'https://canopy.example.org' })
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/auth/check' })
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
      const policy = directivesOf(response)
      expect(policy.get('upgrade-insecure-requests')).toEqual([])
      expect(policy.get('connect-src')).toEqual(["'self'", 'wss://canopy.example.org'])
    } finally {
      await secure.app.close()
    }
  })
})

async function scannedPage() {
  const { prisma } = testApp.app
  const user = await createTestUser(prisma)
  const site = await createTestSite(prisma, { members: [{ userId: user.id, role: 'viewer' }] })
  const scan = await prisma.scan.create({
    data: { siteId: site.id, kind: 'site', state: 'completed', pageLimit: 10 },
  })
  const page = await createTestPageWithArtifacts(prisma, artifactsDir, {
    siteId: site.id,
    scanId: scan.id,
    html: '<!doctype html><html><body><h1>Hi</h1><script>steal()</script></body></html>',
  })
  return { site, scan, page, cookie: await createSessionCookie(prisma, user.id) }
}

function expectSnapshotPolicy(response: LightMyRequestResponse, sandbox: string[]) {
  const policy = directivesOf(response)
  expect(policy.get('sandbox')).toEqual(sandbox)
  expect(policy.get('default-src')).toEqual(["'none'"])
  expect(policy.get('script-src')).toEqual(["'none'"])
  expect(policy.get('img-src')).toEqual(['http:', 'https:', 'data:'])
  expect(policy.get('style-src')).toEqual(['http:', 'https:', "'unsafe-inline'"])
  expect(policy.get('frame-ancestors')).toEqual(["'self'"])
  expect(response.headers['x-content-type-options']).toBe('nosniff')
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
}

describe('a snapshot of a scanned page', () => {
  it('runs no script: framed by our page it keeps our origin, anywhere else it is a unique origin', async () => {
    const { site, page, cookie } = await scannedPage()
    const url = `/api/v1/sites/${site.slug}/product-snapshot?guid=${page.id}`
    const framed = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { cookie, 'sec-fetch-dest': 'iframe' },
    })
    expect(framed.statusCode).toBe(200)
    expect(framed.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(framed.headers.vary).toBe('Sec-Fetch-Dest')
    expectSnapshotPolicy(framed, ['allow-same-origin'])
    for (const dest of ['document', undefined]) {
      const headers = dest ? { cookie, 'sec-fetch-dest': dest } : { cookie }
      const tab = await testApp.app.inject({ method: 'GET', url, headers })
      expect(tab.statusCode).toBe(200)
      expectSnapshotPolicy(tab, [])
    }
  })

  it("keeps its policy on the route's errors, so the renderer's frame shows them", async () => {
    const { site, page, scan, cookie } = await scannedPage()
    await rm(path.join(artifactsDir, 'scans', scan.id), { recursive: true, force: true })
    const iframe = { 'sec-fetch-dest': 'iframe' }
    const missing = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/product-snapshot?guid=${page.id}`,
      headers: { cookie, ...iframe },
    })
    expect(missing.statusCode).toBe(404)
    expectSnapshotPolicy(missing, ['allow-same-origin'])
    const signedOut = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/single-page-scan/snapshot/${scan.id}`,
      headers: iframe,
    })
    expect(signedOut.statusCode).toBe(401)
    expectSnapshotPolicy(signedOut, ['allow-same-origin'])
  })

  it('has its screenshots served as PNG that no browser sniffs', async () => {
    const { site, page, cookie } = await scannedPage()
    for (const url of [
      `/api/v1/sites/${site.slug}/full-page-screenshot?pageId=${page.id}`,
      `/api/v1/sites/${site.slug}/element-screenshot?pageId=${page.id}&path=${encodeURIComponent(testElementScreenshotPath(page))}`,
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { cookie } })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('image/png')
      expect(response.headers['x-content-type-options']).toBe('nosniff')
    }
  })
})

describe('Socket.IO', () => {
  it("answers its long-polling requests, which bypass Fastify's hooks, with nosniff", async () => {
    const listening = await buildTestApp()
    try {
      const base = await listening.app.listen({ host: '127.0.0.1', port: 0 })
      const response = await fetch(`${base}/socket.io/?EIO=4&transport=polling`)
      expect(response.status).toBe(200)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    } finally {
      await listening.app.close()
    }
  })
})

describe('the OpenAPI UI', () => {
  const docs = ['/api/docs/json', '/api/docs/yaml', '/api/docs/']

  it('is public in development, with inline styles for its own pages only', async () => {
    for (const url of docs) {
      const response = await testApp.app.inject({ method: 'GET', url })
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 })
    }
    const ui = directivesOf(await testApp.app.inject({ method: 'GET', url: '/api/docs/' }))
    expect(ui.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(ui.get('script-src')).toEqual(["'self'"])
    expect(ui.get('frame-ancestors')).toEqual(["'none'"])
  })

  it('answers 401 JSON signed out in production, and the document to a signed-in user', async () => {
    const production = await buildTestApp({ publicApiDocs: false })
    try {
      for (const url of docs) {
        const response = await production.app.inject({ method: 'GET', url, headers: html })
        expect({ url, status: response.statusCode }).toEqual({ url, status: 401 })
        expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' })
      }
      const user = await createTestUser(production.app.prisma)
      const cookie = await createSessionCookie(production.app.prisma, user.id)
      for (const url of docs) {
        const response = await production.app.inject({ method: 'GET', url, headers: { cookie } })
        expect({ url, status: response.statusCode }).toEqual({ url, status: 200 })
      }
    } finally {
      await production.app.close()
    }
  })
})
