import { describe, expect, it } from 'vitest'
import { compileSectionPattern, SECTION_PATTERN_MESSAGES } from './section-pattern.js'

describe('compileSectionPattern', () => {
  it('matches anywhere in the text, ignoring case', () => {
    const pattern = compileSectionPattern('^/blog/(news|events)/')
    if ('error' in pattern) throw new Error(pattern.error)
    expect(pattern.test('/BLOG/news/summer-fair')).toBe(true)
    expect(pattern.test('/about/blog/news/')).toBe(false)
  })

  it('refuses invalid patterns and the ones RE2 cannot run, each with its reason', () => {
    expect(compileSectionPattern('(')).toEqual({ error: SECTION_PATTERN_MESSAGES.invalid })
    expect(compileSectionPattern('^/(?!private)')).toEqual({ error: SECTION_PATTERN_MESSAGES.unsupported })
    expect(compileSectionPattern('(a)\\1')).toEqual({ error: SECTION_PATTERN_MESSAGES.unsupported })
  })

  it('runs a catastrophic backtracking pattern in linear time: it answers instead of hanging', () => {
    const pattern = compileSectionPattern('(a+)+$')
    if ('error' in pattern) throw new Error(pattern.error)
    expect(pattern.test(`${'a'.repeat(100_000)}!`)).toBe(false)
  })
})
