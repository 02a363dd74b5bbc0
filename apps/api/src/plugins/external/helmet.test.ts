import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import helmetPlugin, { apiDocsPolicy, REACT_ARIA_STYLES, webAppDirectives } from './helmet.js'

/** The <style> texts the installed React Aria inserts, as its code builds them. */
function reactAriaInsertedStyles(): string[] {
  const fromWeb = createRequire(new URL('../../../../web/package.json', import.meta.url))
  const fromComponents = createRequire(fromWeb.resolve('react-aria-components/package.json'))
  const root = path.dirname(fromComponents.resolve('react-aria/package.json'))
  const sources = ['interactions/usePress.mjs', 'overlays/usePreventScroll.mjs'].map((file) =>
    readFileSync(path.join(root, 'dist/private', file), 'utf8'),
  )
  return sources.flatMap((source) => {
    const attribute = /PRESSABLE_ATTRIBUTE = '([^']+)'/.exec(source)?.[1] ?? ''
    return [...source.matchAll(/style\.textContent = `([^`]*)`/g)].map((match) =>
      (match[1] ?? '').replace(/\$\{[^}]*\}/g, attribute).trim(),
    )
  })
}

describe("the web app's policy", () => {
  it('admits exactly the <style> rules the installed React Aria inserts', () => {
    expect(reactAriaInsertedStyles()).toEqual(REACT_ARIA_STYLES)
    expect(webAppDirectives('http://127.0.0.1:3000')['style-src']).toEqual([
      "'self'",
      "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
      "'sha256-gYiS/BvZvRcK27JIXTuwhZ3hs2+VJ1X+2gUlE+farlg='",
    ])
  })

  it('gives inline styles to the OpenAPI UI only, keeping the rest of the policy', () => {
    const policy = apiDocsPolicy('https://canopy.example.org')
    expect(policy).toContain("style-src 'self' 'unsafe-inline';")
    expect(policy).toContain("script-src 'self';")
    expect(policy).toContain("frame-ancestors 'none';")
    expect(policy).toMatch(/; upgrade-insecure-requests$/)
  })
})

describe('the opener policy', () => {
  async function appWithRedirects() {
    const app = Fastify()
    app.decorate('config', { publicUrl: 'http://127.0.0.1:3000' } as never)
    await app.register(helmetPlugin)
    app.get('/auth/ga4/callback', (request, reply) =>
      reply.redirect((request.query as { to?: string }).to ?? '/oauth/popup-success', 302),
    )
    app.get('/oauth/popup-success', () => 'landing')
    app.get('/oauth/popup-error', () => 'landing')
    app.get('/site/demo', () => 'page')
    return app
  }
  const coop = (response: { headers: Record<string, unknown> }) =>
    response.headers['cross-origin-opener-policy']

  it('keeps popups of our windows (same-origin-allow-popups), but leaves the sign-in popup its opener on its way back', async () => {
    const app = await appWithRedirects()
    try {
      const get = (url: string) => app.inject({ method: 'GET', url })
      expect(coop(await get('/site/demo'))).toBe('same-origin-allow-popups')
      expect(coop(await get('/oauth/popup-success'))).toBe('unsafe-none')
      expect(coop(await get('/oauth/popup-error?message=denied'))).toBe('unsafe-none')
      expect(coop(await get('/auth/ga4/callback'))).toBe('unsafe-none')
      expect(coop(await get('/auth/ga4/callback?to=/oauth/popup-error%3Fmessage%3Dx'))).toBe('unsafe-none')
      const absolute = encodeURIComponent('http://127.0.0.1:3000/oauth/popup-success')
      expect(coop(await get(`/auth/ga4/callback?to=${absolute}`))).toBe('unsafe-none')
      // anywhere else, and a look-alike path or another origin, keeps the policy
      expect(coop(await get('/auth/ga4/callback?to=/site/demo'))).toBe('same-origin-allow-popups')
      expect(coop(await get('/auth/ga4/callback?to=/oauth/popup-success-not'))).toBe(
        'same-origin-allow-popups',
      )
      const elsewhere = encodeURIComponent('https://evil.example/oauth/popup-success')
      expect(coop(await get(`/auth/ga4/callback?to=${elsewhere}`))).toBe('same-origin-allow-popups')
    } finally {
      await app.close()
    }
  })
})
