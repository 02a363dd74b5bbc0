import { describe, expect, it } from 'vitest'
import { applyDemotions, DEMOTED_RULES } from './demotions.js'
import type { Finding } from './finding.js'

const finding = (ruleId: string, outcome: Finding['outcome']): Finding => ({
  engine: 'equal-access',
  ruleId,
  outcome,
  criteria: ['4.1.2'],
  actRules: [],
  title: ruleId,
  description: ruleId,
  helpUrl: '',
  element: null,
  message: '',
})

describe('demotions', () => {
  it('reports the failures of a demoted rule as reviews and leaves every other finding as it is', () => {
    const [demoted] = [...DEMOTED_RULES['equal-access']]
    expect(demoted).toEqual(expect.any(String))
    const findings = [
      finding(demoted as string, 'failed'),
      finding(demoted as string, 'passed'),
      finding('img_alt_valid', 'failed'),
    ]
    expect(applyDemotions(findings).map((result) => result.outcome)).toEqual(['review', 'passed', 'failed'])
  })
})
