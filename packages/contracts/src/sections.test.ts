import { describe, expect, it } from 'vitest'
import { pickFreeSlug } from './sections.js'

describe('pickFreeSlug', () => {
  it('uses the base when it is free', () => {
    expect(pickFreeSlug('demo', [])).toBe('demo')
    expect(pickFreeSlug('demo', ['demo-site'])).toBe('demo')
  })

  it('adds the first free number otherwise', () => {
    expect(pickFreeSlug('demo', ['demo'])).toBe('demo-2')
    expect(pickFreeSlug('demo', ['demo', 'demo-2', 'demo-4'])).toBe('demo-3')
  })
})
