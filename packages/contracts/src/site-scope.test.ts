import { describe, expect, it } from 'vitest'
import { isInsideSiteScope, siteScopeOf } from './site-scope.js'

describe('siteScopeOf', () => {
  it('scopes a root naming a file to its directory', () => {
    expect(siteScopeOf('https://example.org/en/index.html')).toEqual({
      origin: 'https://example.org',
      directory: '/en/',
    })
    expect(siteScopeOf('https://example.org/index.html').directory).toBe('/')
    expect(siteScopeOf('https://example.org/default.aspx?lang=en').directory).toBe('/')
  })

  it('keeps a directory root as it is, and reads a root without extension or slash as a directory', () => {
    expect(siteScopeOf('https://example.org').directory).toBe('/')
    expect(siteScopeOf('https://example.org/en/').directory).toBe('/en/')
    expect(siteScopeOf('https://example.org/en').directory).toBe('/en/')
    expect(siteScopeOf('https://Example.ORG:443/a/b').origin).toBe('https://example.org')
  })
})

describe('isInsideSiteScope', () => {
  it('admits the pages beside a file root and nothing above it', () => {
    const root = 'https://example.org/en/index.html'
    expect(isInsideSiteScope(root, root)).toBe(true)
    expect(isInsideSiteScope(root, 'https://example.org/en/about.html')).toBe(true)
    expect(isInsideSiteScope(root, 'https://example.org/en/guide/ch1.html?x=1')).toBe(true)
    expect(isInsideSiteScope(root, 'https://example.org/en/')).toBe(true)
    expect(isInsideSiteScope(root, 'https://example.org/en')).toBe(true)
    expect(isInsideSiteScope(root, 'https://example.org/fr/index.html')).toBe(false)
    expect(isInsideSiteScope(root, 'https://example.org/')).toBe(false)
    expect(isInsideSiteScope('https://example.org/index.html', 'https://example.org/news/a')).toBe(true)
  })

  it('needs the same scheme, host and port, and the root path as a whole-segment prefix', () => {
    const root = 'https://www.example.test/blog'
    expect(isInsideSiteScope(root, 'https://www.example.test/blog')).toBe(true)
    expect(isInsideSiteScope(root, 'https://www.example.test/blog/')).toBe(true)
    expect(isInsideSiteScope(root, 'https://www.example.test/blog/a/b?c=1')).toBe(true)
    expect(isInsideSiteScope(root, 'https://WWW.EXAMPLE.TEST/blog/a')).toBe(true)
    expect(isInsideSiteScope(root, 'https://www.example.test/blogger')).toBe(false)
    expect(isInsideSiteScope(root, 'http://www.example.test/blog/a')).toBe(false)
    expect(isInsideSiteScope(root, 'https://www.example.test:444/blog/a')).toBe(false)
    expect(isInsideSiteScope(root, 'https://example.test/blog/a')).toBe(false)
    expect(isInsideSiteScope('https://www.example.test/', 'https://www.example.test/anything')).toBe(true)
    expect(isInsideSiteScope('https://www.example.test/blog/', 'https://www.example.test/blogs')).toBe(false)
  })

  it('is false for what is not a web address', () => {
    expect(isInsideSiteScope('https://example.org/', 'not a url')).toBe(false)
    expect(isInsideSiteScope('https://example.org/', new URL('https://example.org/a'))).toBe(true)
  })
})
