import { describe, expect, it } from 'vitest'
import { toSameOriginPath } from './redirects.js'

const origin = 'http://127.0.0.1:3000'

describe('toSameOriginPath', () => {
  it('keeps a path or a URL of this origin, as a path', () => {
    expect(toSameOriginPath('/site/demo?x=1#top', origin)).toBe('/site/demo?x=1#top')
    expect(toSameOriginPath('http://127.0.0.1:3000/invites/abc', origin)).toBe('/invites/abc')
    expect(toSameOriginPath('site/demo', origin)).toBe('/site/demo')
  })

  it('refuses other origins and schemes', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(toSameOriginPath(target, origin), target).toBeNull()
    }
    expect(toSameOriginPath('', origin)).toBeNull()
    expect(toSameOriginPath(undefined, origin)).toBeNull()
  })

  it('never answers a path a browser would read as another host', () => {
    for (const target of [
      '/.//evil.example',
      '/./\\evil.example',
      '/%2e//evil.example',
      '/..//evil.example/x',
    ]) {
      const path = toSameOriginPath(target, origin)
      expect(path, target).not.toBeNull()
      expect(path?.startsWith('//') || path?.startsWith('/\\'), `${target} → ${path}`).toBe(false)
      expect(new URL(path ?? '', 'https://canopy.example').host).toBe('canopy.example')
    }
  })
})
