import { describe, expect, it } from 'vitest'
import { ResponseCache } from './response-cache.js'

function setup({ ttlMs = 1_000, maxEntries = 100 } = {}) {
  let now = 1_000_000
  const cache = new ResponseCache({ ttlMs, maxEntries, now: () => now })
  const answer = (payload: string) => ({ payload, contentType: 'application/json; charset=utf-8' })
  return { cache, answer, advance: (ms: number) => (now += ms) }
}

describe('ResponseCache', () => {
  it('serves a kept answer within the TTL and not after it', () => {
    const { cache, answer, advance } = setup()
    cache.set('site:a', '/pages', answer('[1]'), cache.generation)
    expect(cache.get('site:a', '/pages')?.payload).toBe('[1]')
    expect(cache.get('site:b', '/pages')).toBeUndefined()
    advance(1_000)
    expect(cache.get('site:a', '/pages')).toBeUndefined()
  })

  it("forgetScope drops that scope's answers only", () => {
    const { cache, answer } = setup()
    cache.set('site:a', '/pages', answer('a'), cache.generation)
    cache.set('site:b', '/pages', answer('b'), cache.generation)
    cache.forgetScope('site:a')
    expect(cache.get('site:a', '/pages')).toBeUndefined()
    expect(cache.get('site:b', '/pages')?.payload).toBe('b')
  })

  it('does not keep an answer computed while something was forgotten', () => {
    const { cache, answer } = setup()
    const started = cache.generation
    cache.forgetScope('site:a')
    cache.set('site:a', '/pages', answer('read before the change'), started)
    expect(cache.get('site:a', '/pages')).toBeUndefined()
    cache.set('site:a', '/pages', answer('read after it'), cache.generation)
    expect(cache.get('site:a', '/pages')?.payload).toBe('read after it')
  })

  it('keeps at most maxEntries answers, dropping the oldest', () => {
    const { cache, answer } = setup({ maxEntries: 2 })
    for (const key of ['/1', '/2', '/3']) cache.set('site:a', key, answer(key), cache.generation)
    expect(cache.size).toBe(2)
    expect(cache.get('site:a', '/1')).toBeUndefined()
    expect(cache.get('site:a', '/3')?.payload).toBe('/3')
  })
})
