import { describe, expect, it } from 'vitest'
import { presentPagedList, toPageWindow } from './paged-list.js'

describe('paging', () => {
  it('turns a 1-based page into skip and take', () => {
    expect(toPageWindow({ page: 1, pageSize: 25 })).toEqual({ skip: 0, take: 25 })
    expect(toPageWindow({ page: 3, pageSize: 8 })).toEqual({ skip: 16, take: 8 })
  })

  it('counts pages, including a last partial one and none for an empty list', () => {
    expect(presentPagedList(['a'], 26, { page: 2, pageSize: 25 })).toEqual({
      items: ['a'],
      totalCount: 26,
      pageIndex: 2,
      pageSize: 25,
      pageCount: 2,
    })
    expect(presentPagedList([], 0, { page: 1, pageSize: 25 }).pageCount).toBe(0)
  })
})
