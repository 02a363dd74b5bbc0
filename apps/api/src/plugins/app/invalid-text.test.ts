import { describe, expect, it } from 'vitest'
import { findUnstorableText } from './invalid-text.js'

describe('findUnstorableText', () => {
  it('finds a NUL or a lone surrogate anywhere, by its dotted path, and passes storable text', () => {
    expect(findUnstorableText({ name: 'Ünïcödé 😀', rules: [{ value: 'ok' }] })).toBeNull()
    expect(findUnstorableText({ rules: [{ value: 'ok' }, { value: 'a\u0000b' }] })).toEqual([
      'rules',
      '1',
      'value',
    ])
    expect(findUnstorableText({ title: 'half \ud83d pair' })).toEqual(['title'])
    expect(findUnstorableText({ title: 'end \udc00' })).toEqual(['title'])
    expect(findUnstorableText({ 'ke\u0000y': 'value' })).toEqual(['key'])
    expect(findUnstorableText('a\u0000')).toEqual([])
  })
})
