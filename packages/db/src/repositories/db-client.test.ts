import { describe, expect, it } from 'vitest'
import { orderByIds, toContainsPattern } from './db-client.js'

describe('toContainsPattern', () => {
  it('wraps the term and takes its wildcards literally', () => {
    expect(toContainsPattern('news')).toBe('%news%')
    expect(toContainsPattern('100%_done\\')).toBe('%100\\%\\_done\\\\%')
  })
})

describe('orderByIds', () => {
  it('restores the order of the ids and skips rows that vanished', () => {
    const rows = [{ id: 'b' }, { id: 'a' }]
    expect(orderByIds(rows, ['a', 'c', 'b'])).toEqual([{ id: 'a' }, { id: 'b' }])
  })
})
