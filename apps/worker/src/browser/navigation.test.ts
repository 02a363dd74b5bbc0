import { describe, expect, it } from 'vitest'
import { parseMetaRefresh } from './navigation.js'

describe('parseMetaRefresh', () => {
  it('reads the delay and the target as browsers do', () => {
    expect(parseMetaRefresh('0; url=walks/riverside.html')).toEqual({
      seconds: 0,
      url: 'walks/riverside.html',
    })
    expect(parseMetaRefresh("2;URL='/next.html'")).toEqual({ seconds: 2, url: '/next.html' })
    expect(parseMetaRefresh(' 5 , url = "https://e.org/a" ')).toEqual({ seconds: 5, url: 'https://e.org/a' })
    expect(parseMetaRefresh('3; /bare.html')).toEqual({ seconds: 3, url: '/bare.html' })
  })

  it('has no target for a page that only reloads itself, and nothing for what is not a refresh', () => {
    expect(parseMetaRefresh('30')).toEqual({ seconds: 30, url: null })
    expect(parseMetaRefresh('soon')).toBeNull()
    expect(parseMetaRefresh('')).toBeNull()
  })
})
