import { describe, expect, it } from 'vitest'
import { isFromOwnPages } from './request-origin.js'

const publicUrl = 'https://canopy.example'

describe('isFromOwnPages', () => {
  it("accepts the request's own host, PUBLIC_URL's origin, and programs that name no page", () => {
    expect(isFromOwnPages({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' }, publicUrl)).toBe(true)
    expect(isFromOwnPages({ host: 'internal:3000', origin: 'https://canopy.example' }, publicUrl)).toBe(true)
    expect(
      isFromOwnPages({ host: 'canopy.example', referer: 'https://canopy.example/site/x' }, publicUrl),
    ).toBe(true)
    expect(isFromOwnPages({ host: 'canopy.example' }, publicUrl)).toBe(true)
  })

  it('refuses another site, a lookalike host, a null origin and an unreadable one', () => {
    for (const origin of [
      'https://evil.example',
      'https://canopy.example.evil.example',
      'null',
      'not a url',
    ]) {
      expect(isFromOwnPages({ host: 'canopy.example', origin }, publicUrl), origin).toBe(false)
    }
    expect(isFromOwnPages({ host: 'canopy.example', referer: 'https://evil.example/page' }, publicUrl)).toBe(
      false,
    )
  })
})
