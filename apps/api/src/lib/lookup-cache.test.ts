import { describe, expect, it } from 'vitest'
import { LookupCache } from './lookup-cache.js'

interface Entry {
  userId: string
  expiresAt: Date
  name: string
}

function setup({ ttlMs = 1_000, maxEntries = 100 } = {}) {
  let now = 1_000_000
  const cache = new LookupCache<Entry>({ ttlMs, maxEntries, now: () => now })
  const loads: string[] = []
  const entry = (userId: string, name = userId): Entry => ({
    userId,
    name,
    expiresAt: new Date(now + 60_000),
  })
  const loader = (id: string, value: Entry | null) => () => {
    loads.push(id)
    return Promise.resolve(value)
  }
  return {
    cache,
    loads,
    entry,
    loader,
    advance: (ms: number) => {
      now += ms
    },
  }
}

/** A load the test finishes by hand, to act while it is under way. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((settle) => {
    resolve = settle
  })
  return { promise, resolve }
}

describe('LookupCache', () => {
  it('answers from the cache within the TTL and loads again after it', async () => {
    const { cache, loads, entry, loader, advance } = setup({ ttlMs: 1_000 })
    await cache.getOrLoad('a', loader('a', entry('u1')))
    advance(999)
    expect(await cache.getOrLoad('a', loader('a', entry('u1')))).toMatchObject({ userId: 'u1' })
    expect(loads).toEqual(['a'])
    advance(1)
    await cache.getOrLoad('a', loader('a', entry('u1', 'reloaded')))
    expect(loads).toEqual(['a', 'a'])
    expect(cache.get('a')?.name).toBe('reloaded')
  })

  it('never serves a session past its own expiry', async () => {
    const { cache, entry, loader, advance } = setup({ ttlMs: 60_000 })
    await cache.getOrLoad('a', loader('a', { ...entry('u1'), expiresAt: new Date(1_000_000 + 500) }))
    advance(499)
    expect(cache.get('a')).toBeDefined()
    advance(1)
    expect(cache.get('a')).toBeUndefined()
  })

  it('does not store an unknown session', async () => {
    const { cache, loads, loader } = setup()
    expect(await cache.getOrLoad('a', loader('a', null))).toBeNull()
    expect(await cache.getOrLoad('a', loader('a', null))).toBeNull()
    expect(loads).toEqual(['a', 'a'])
  })

  it('forget drops one session, forgetUser every session of that user only', async () => {
    const { cache, entry, loader } = setup()
    await cache.getOrLoad('a1', loader('a1', entry('u1')))
    await cache.getOrLoad('a2', loader('a2', entry('u1')))
    await cache.getOrLoad('b1', loader('b1', entry('u2')))
    cache.forget('a1')
    expect(cache.get('a1')).toBeUndefined()
    expect(cache.get('a2')).toBeDefined()
    cache.forgetUser('u1')
    expect(cache.get('a2')).toBeUndefined()
    expect(cache.get('b1')).toBeDefined()
  })

  it('forgetWhere drops the entries the predicate holds for, and keeps a lookup under way from storing', async () => {
    const { cache, entry, loader } = setup()
    await cache.getOrLoad('a1', loader('a1', entry('u1', 'site-a')))
    await cache.getOrLoad('b1', loader('b1', entry('u1', 'site-b')))
    let release: (value: Entry) => void = () => undefined
    const pending = cache.getOrLoad('a2', () => new Promise<Entry>((resolve) => (release = resolve)))
    cache.forgetWhere((value) => value.name === 'site-a')
    release(entry('u2', 'site-a'))
    await pending
    expect(cache.get('a1')).toBeUndefined()
    expect(cache.get('a2')).toBeUndefined()
    expect(cache.get('b1')).toBeDefined()
  })

  it('concurrent lookups of one session share one load', async () => {
    const { cache, entry } = setup()
    const load = deferred<Entry | null>()
    let loads = 0
    const lookup = () =>
      cache.getOrLoad('a', () => {
        loads += 1
        return load.promise
      })
    const answers = Promise.all([lookup(), lookup(), lookup()])
    load.resolve(entry('u1'))
    expect((await answers).map((answer) => answer?.userId)).toEqual(['u1', 'u1', 'u1'])
    expect(loads).toBe(1)
  })

  it('a lookup under way while the session is forgotten does not store what it read', async () => {
    const { cache, entry, loader } = setup()
    const load = deferred<Entry | null>()
    const underWay = cache.getOrLoad('a', () => load.promise)
    cache.forget('a')
    // A lookup after the sign-out starts its own load instead of joining the stale one.
    expect(await cache.getOrLoad('a', loader('a', null))).toBeNull()
    load.resolve(entry('u1'))
    await underWay
    expect(cache.get('a')).toBeUndefined()
  })

  it('forgetting a user also keeps a lookup under way from storing', async () => {
    const { cache, entry } = setup()
    const load = deferred<Entry | null>()
    const underWay = cache.getOrLoad('a', () => load.promise)
    cache.forgetUser('u1')
    load.resolve(entry('u1'))
    await underWay
    expect(cache.get('a')).toBeUndefined()
  })

  it('keeps at most maxEntries sessions, dropping the oldest', async () => {
    const { cache, entry, loader } = setup({ maxEntries: 2 })
    for (const id of ['a', 'b', 'c']) await cache.getOrLoad(id, loader(id, entry(id)))
    expect(cache.size).toBe(2)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('c')).toBeDefined()
  })
})
