import { SectionOperatorSchema } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { toDbOperator, toWireOperator } from './section-operators.js'

describe('section operators', () => {
  it('maps every wire label to a database value and back', () => {
    for (const label of SectionOperatorSchema.options) {
      expect(toWireOperator(toDbOperator(label))).toBe(label)
    }
  })

  it('maps the labels with spaces', () => {
    expect(toDbOperator('Starts with')).toBe('StartsWith')
    expect(toWireOperator('EndsWith')).toBe('Ends with')
  })
})
