import { describe, expect, it } from 'vitest'
import { toSafeRedirectPath } from './redirects.js'

const publicUrl = 'http://127.0.0.1:3000'

describe('toSafeRedirectPath', () => {
  it('keeps paths on this origin', () => {
    expect(toSafeRedirectPath('/site/demo?x=1#top', publicUrl)).toBe('/site/demo?x=1#top')
    expect(toSafeRedirectPath('http://127.0.0.1:3000/invites/abc', publicUrl)).toBe('/invites/abc')
  })

  it('drops other origins, including protocol-relative and backslash tricks', () => {
    expect(toSafeRedirectPath('https://evil.example/', publicUrl)).toBeUndefined()
    expect(toSafeRedirectPath('//evil.example/path', publicUrl)).toBeUndefined()
    expect(toSafeRedirectPath('/\\evil.example', publicUrl)).toBeUndefined()
    expect(toSafeRedirectPath('javascript:alert(1)', publicUrl)).toBeUndefined()
  })

  it('ignores an empty target', () => {
    expect(toSafeRedirectPath(undefined, publicUrl)).toBeUndefined()
    expect(toSafeRedirectPath('', publicUrl)).toBeUndefined()
  })
})
