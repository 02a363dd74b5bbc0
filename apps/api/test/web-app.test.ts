import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './helper.js'

/** The API serves the built SPA on its own port; page URLs fall back to index.html. */
const INDEX_HTML = '<!doctype html><title>Canopy</title><div id="root"></div>'
let testApp: TestApp

beforeAll(async () => {
  const webDistDir = await mkdtemp(path.join(tmpdir(), 'canopy-web-dist-'))
  await mkdir(path.join(webDistDir, 'assets'))
  await writeFile(path.join(webDistDir, 'index.html'), INDEX_HTML)
  await writeFile(path.join(webDistDir, 'assets', 'app-1a2b3c.js'), 'console.log("canopy")')
  await writeFile(path.join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  testApp = await buildTestApp({ webDistDir })
})

afterAll(async () => {
  await testApp?.app.close()
})

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }

describe('the web app', () => {
  it.each(['/', '/site/demo/section/blog', '/account/verified', '/login', '/password/reset?token=abc'])(
    'GET %s from a browser answers index.html',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toContain('text/html')
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toBe(INDEX_HTML)
    },
  )

  it('serves fingerprinted assets as immutable and other files as no-cache', async () => {
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const icon = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' })
    expect(icon.headers['cache-control']).toBe('no-cache')
  })

  it('keeps API answers for API paths, non-GET requests and requests not asking for HTML', async () => {
    const missingAsset = await testApp.app.inject({ method: 'GET', url: '/assets/missing.js' })
    expect(missingAsset.statusCode).toBe(404)
    expect(missingAsset.json().statusCode).toBe(404)
    for (const url of ['/api/v1/unknown', '/healthz/unknown']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toContain('application/json')
    }
    const post = await testApp.app.inject({ method: 'POST', url: '/site/demo', headers: html })
    expect(post.statusCode).toBe(404)
    expect(post.headers['content-type']).toContain('application/json')
    const check = await testApp.app.inject({ method: 'GET', url: '/auth/check', headers: html })
    expect(check.json()).toEqual({ authenticated: false })
  })

  it('answers JSON 404 for pages when no web build exists', async () => {
    const apiOnly = await buildTestApp()
    try {
      const response = await apiOnly.app.inject({ method: 'GET', url: '/', headers: html })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
    } finally {
      await apiOnly.app.close()
    }
  })
})
