import { describe, expect, it } from 'vitest'
import { wcagCriteriaOfTags } from './axe.js'

describe('axe mapping', () => {
  it('maps tags to WCAG criteria', () => {
    expect(wcagCriteriaOfTags(['wcag111', 'wcag1410', 'wcag2a', 'wcag21aa'])).toEqual(['1.1.1', '1.4.10'])
  })
})
