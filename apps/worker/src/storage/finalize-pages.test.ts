import { MAX_LISTED_DUPLICATES } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { othersIn } from './finalize-pages.js'

describe('the pages a page shares its title, description or text with', () => {
  it('counts all of a group but lists at most MAX_LISTED_DUPLICATES, never the page itself', () => {
    const group = Array.from({ length: 5000 }, (_, index) => `p${index}`)
    const first = othersIn(group, 'p0')
    expect(first.count).toBe(4999)
    expect(first.listed).toHaveLength(MAX_LISTED_DUPLICATES)
    expect(first.listed).not.toContain('p0')
    const later = othersIn(group, 'p4000')
    expect(later.count).toBe(4999)
    expect(later.listed).toEqual(group.slice(0, MAX_LISTED_DUPLICATES))
  })

  it('lists every other page of a small group', () => {
    expect(othersIn(['a', 'b', 'c'], 'b')).toEqual({ count: 2, listed: ['a', 'c'] })
    expect(othersIn([], 'a')).toEqual({ count: 0, listed: [] })
  })
})
