import { describe, expect, it } from 'vitest'
import {
  type EqualAccessResult,
  equalAccessActRuleIds,
  equalAccessActRules,
  equalAccessCriteria,
  equalAccessFindings,
  equalAccessRules,
} from './equal-access.js'

const rules = equalAccessRules()
const element = {
  key: 3,
  selector: 'body > main > img',
  snippet: '<img src="a.png">',
  label: '<img src="a.png">',
}

/** Results of accessibility-checker-engine 4.0.34 on a small page in Chromium, as its report gives them. */
const result = (
  ruleId: string,
  reasonId: string,
  value: EqualAccessResult['value'],
  message = `${ruleId} message`,
): EqualAccessResult => ({
  ruleId,
  reasonId,
  value,
  message,
  snippet: '<img src="a.png">',
  path: { dom: '/html[1]/body[1]/main[1]/img[1]' },
  element: value[1] === 'PASS' ? null : element,
})

describe('Equal Access rule metadata', () => {
  it('maps a rule to the WCAG criteria of its WCAG 2.2 ruleset entry when that entry is a violation', () => {
    expect(equalAccessCriteria(rules.rule('img_alt_valid'), 'fail_no_alt')).toEqual(['1.1.1'])
    expect(equalAccessCriteria(rules.rule('a_text_purpose'), 'fail_acc_name')).toEqual(['2.4.4', '4.1.2'])
    // a violation for IBM, a recommendation for WCAG 2.2: a best practice
    expect(equalAccessCriteria(rules.rule('aria_content_in_landmark'), 'Fail_1')).toEqual([])
    // IBM's own HTML requirement, outside WCAG
    expect(equalAccessCriteria(rules.rule('element_id_unique'), 'potential_in_use')).toEqual([])
    // the reason decides: inline targets are only recommended
    expect(equalAccessCriteria(rules.rule('target_spacing_sufficient'), 'violation_spacing')).toEqual([
      '2.5.8',
    ])
    expect(equalAccessCriteria(rules.rule('target_spacing_sufficient'), 'recommendation_inline')).toEqual([])
  })

  it('maps a rule to ACT rules as a whole, or reason by reason', () => {
    expect(equalAccessActRules(rules.rule('img_alt_valid'), 'fail_no_alt', 'failed')).toEqual(['23a2a8'])
    expect(equalAccessActRules(rules.rule('html_lang_exists'), 'Fail_3', 'failed')).toEqual(['b5c3f8'])
    expect(equalAccessActRules(rules.rule('html_lang_exists'), 'Fail_4', 'failed')).toEqual(['5b7ae0'])
    // a reason that is inapplicable to the ACT rules, and one the ACT rule counts as a pass
    expect(equalAccessActRules(rules.rule('html_lang_exists'), 'Fail_1', 'failed')).toEqual([])
    expect(equalAccessActRules(rules.rule('input_autocomplete_valid'), 'fail_invalid', 'failed')).toEqual([])
    expect(equalAccessActRules(rules.rule('html_lang_valid'), 'Pass_0', 'passed')).toEqual([
      'b5c3f8',
      'bf051a',
    ])
    expect(equalAccessActRules(rules.rule('style_color_misuse'), 'Potential_1', 'review')).toEqual([])
  })

  it('names ACT kb1m8s for a prohibited global property, which the metadata leaves out', () => {
    const invalid = (messageArgs: unknown[]) => ({
      ...result('aria_attribute_valid', 'Fail_invalid_implicit_role_attr', ['VIOLATION', 'FAIL']),
      messageArgs,
    })
    const [prohibited, notGlobal, odd] = equalAccessFindings([
      invalid(['aria-label', 'div', 'generic']),
      { ...invalid(['aria-checked', 'div', 'generic']), element: { ...element, key: 4 } },
      { ...invalid([3, 'div']), element: { ...element, key: 5 } },
    ])
    expect(prohibited?.actRules).toEqual(['5c01ea', '46ca7f', 'kb1m8s'])
    expect(notGlobal?.actRules).toEqual(['5c01ea', '46ca7f'])
    expect(odd?.actRules).toEqual(['5c01ea', '46ca7f'])
    expect(equalAccessActRuleIds()).toContain('kb1m8s')
  })

  it('links every rule to its help page', () => {
    expect(rules.helpUrl('img_alt_valid', 'fail_no_alt')).toMatch(/^https:\/\/.+\/img_alt_valid\.html$/)
  })
})

describe('Equal Access findings', () => {
  it('makes failures failed, potential and manual results reviews, and drops informational ones', () => {
    const findings = equalAccessFindings([
      result('img_alt_valid', 'fail_no_alt', ['VIOLATION', 'FAIL'], 'The image has no accessible name'),
      result('style_color_misuse', 'Potential_1', ['VIOLATION', 'POTENTIAL']),
      result('style_highcontrast_visible', 'Manual_1', ['VIOLATION', 'MANUAL']),
      result('detector_tabbable', 'Pass_0', ['INFORMATION', 'FAIL']),
    ])
    expect(findings.map((finding) => [finding.ruleId, finding.outcome, finding.criteria])).toEqual([
      ['img_alt_valid', 'failed', ['1.1.1']],
      ['style_color_misuse', 'review', ['1.4.1']],
      ['style_highcontrast_visible', 'review', []],
    ])
    expect(findings[0]).toMatchObject({
      engine: 'equal-access',
      actRules: ['23a2a8'],
      title: 'Images must have accessible names unless they are decorative or redundant',
      element,
      message: 'The image has no accessible name',
    })
  })

  it('keeps a recommendation that failed as a failed best practice (no criterion)', () => {
    const [finding] = equalAccessFindings([
      result('aria_role_redundant', 'Fail_1', ['RECOMMENDATION', 'FAIL']),
    ])
    expect(finding).toMatchObject({ outcome: 'failed', criteria: [] })
  })

  it('reports a rule that only passed once, with no element, and no pass for a rule that also failed', () => {
    const findings = equalAccessFindings([
      result('html_lang_valid', 'Pass_0', ['VIOLATION', 'PASS']),
      result('img_alt_valid', 'pass', ['VIOLATION', 'PASS']),
      result('img_alt_valid', 'pass', ['VIOLATION', 'PASS']),
      result('img_alt_valid', 'fail_no_alt', ['VIOLATION', 'FAIL']),
    ])
    expect(findings.map((finding) => [finding.ruleId, finding.outcome, finding.element])).toEqual([
      ['img_alt_valid', 'failed', element],
      ['html_lang_valid', 'passed', null],
    ])
  })
})
