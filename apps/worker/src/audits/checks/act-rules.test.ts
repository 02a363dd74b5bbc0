import { describe, expect, it } from 'vitest'
import type { Finding } from '../engines/finding.js'
import { CHECK_ACT_RULE_IDS, withCheckActRules } from './act-rules.js'

const finding = (ruleId: string, criteria: string[], actRules: string[] = []): Finding => ({
  engine: 'canopy',
  ruleId,
  outcome: 'failed',
  criteria,
  actRules,
  title: ruleId,
  description: '',
  helpUrl: '',
  element: null,
  message: '',
})

describe('the ACT rules of Canopy’s checks', () => {
  it('names the ACT rules a check implements on its findings', () => {
    expect(withCheckActRules(finding('canopy-meta-refresh', ['2.2.1'])).actRules).toEqual(['bc659a'])
    expect(withCheckActRules(finding('canopy-bypass-blocks', ['2.4.1'])).actRules).toEqual(['cf77f2'])
    expect(withCheckActRules(finding('canopy-autoplay-media', ['1.4.2'])).actRules).toEqual([
      '80f0bf',
      'aaa1bf',
      '4c31df',
    ])
  })

  it('narrows a check testing several criteria to the findings under the rule’s criterion', () => {
    expect(withCheckActRules(finding('canopy-focus-order', ['2.1.2'])).actRules).toEqual(['80af7b', 'a1b64e'])
    expect(withCheckActRules(finding('canopy-focus-order', ['2.4.3'])).actRules).toEqual([])
  })

  it('keeps ACT rules a finding names itself, and leaves checks without a rule alone', () => {
    expect(withCheckActRules(finding('canopy-zoom', ['1.4.4'], ['b4f0c3'])).actRules).toEqual(['b4f0c3'])
    expect(withCheckActRules(finding('canopy-target-size', ['2.5.8'])).actRules).toEqual([])
    expect(CHECK_ACT_RULE_IDS).toContain('oj04fd')
  })
})
