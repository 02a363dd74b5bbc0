import { describe, expect, it } from 'vitest'
import { createTtlCache } from './ttl-cache.js'

describe('createTtlCache', () => {
  it('computes a key once while fresh, shares a computation in flight, and computes again once stale', async () => {
    let calls = 0
    const compute = async () => {
      calls += 1
      return calls
    }
    const cache = createTtlCache<number>({ ttlMs: 30, maxEntries: 10 })
    expect(await Promise.all([cache('a', compute), cache('a', compute)])).toEqual([1, 1])
    expect(await cache('a', compute)).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(await cache('a', compute)).toBe(2)
  })

  it('forgets a failed computation and the oldest keys beyond its size', async () => {
    const cache = createTtlCache<number>({ ttlMs: 10_000, maxEntries: 2 })
    await expect(cache('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache('x', async () => 7)).toBe(7)
    await cache('y', async () => 8)
    await cache('z', async () => 9)
    expect(await cache('x', async () => 70)).toBe(70)
  })
  it('clear drops every value, so the next call computes again', async () => {
    const cache = createTtlCache<number>({ ttlMs: 10_000, maxEntries: 10 })
    expect(await cache('a', async () => 1)).toBe(1)
    expect(await cache('a', async () => 2)).toBe(1)
    cache.clear()
    expect(await cache('a', async () => 3)).toBe(3)
  })
})
