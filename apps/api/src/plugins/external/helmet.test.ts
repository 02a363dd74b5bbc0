import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiDocsPolicy, REACT_ARIA_STYLES, webAppDirectives } from './helmet.js'

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
    expect(policy).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;")
    expect(policy).toContain("frame-ancestors 'none';")
    expect(policy).toMatch(/; upgrade-insecure-requests$/)
  })
})
