import type { EngineId } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { accessibilityResult, auditIdOf, combineFindings } from './combine.js'
import type { Finding, FindingOutcome } from './finding.js'

const element = (key: number, selector = `#el-${key}`) => ({
  key,
  selector,
  snippet: `<img id="el-${key}">`,
  label: '',
})
function finding(
  engine: EngineId,
  ruleId: string,
  outcome: FindingOutcome,
  criteria: string[],
  key: number | null,
): Finding {
  return {
    engine,
    ruleId,
    outcome,
    criteria,
    actRules: engine === 'axe' ? ['23a2a8'] : [],
    title: `${ruleId} title`,
    description: `${ruleId} description`,
    helpUrl: `https://example.test/${ruleId}`,
    element: key === null ? null : element(key),
    message: `${engine} says ${ruleId}`,
  }
}
const target = { version: '2.2', level: 'AA' } as const

describe('combining engines', () => {
  it('makes one issue of a barrier two engines found, crediting both, named by axe', () => {
    const audits = combineFindings([
      finding('equal-access', 'img_alt_valid', 'failed', ['1.1.1'], 1),
      finding('axe', 'image-alt', 'failed', ['1.1.1'], 1),
    ])
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ id: 'image-alt', outcome: 'failed', engines: ['axe', 'equal-access'] })
    expect(audits[0]?.nodes).toEqual([expect.objectContaining({ key: 1, engines: ['axe', 'equal-access'] })])
  })

  it('keeps a second engine’s finding on another element, or under another criterion, as its own issue', () => {
    const audits = combineFindings([
      finding('axe', 'image-alt', 'failed', ['1.1.1'], 1),
      finding('equal-access', 'img_alt_valid', 'failed', ['1.1.1'], 2),
      finding('equal-access', 'text_contrast', 'failed', ['1.4.3'], 1),
    ])
    expect(audits.map((audit) => audit.id)).toEqual([
      'image-alt',
      'equal-access:img_alt_valid',
      'equal-access:text_contrast',
    ])
  })

  it('drops a review covered by a failure of the same barrier and merges reviews alike', () => {
    const audits = combineFindings([
      finding('axe', 'color-contrast', 'failed', ['1.4.3'], 1),
      finding('equal-access', 'text_contrast', 'review', ['1.4.3'], 1),
      finding('axe', 'color-contrast', 'review', ['1.4.3'], 2),
      finding('equal-access', 'text_contrast', 'review', ['1.4.3'], 3),
      finding('canopy', 'canopy-contrast-over-images', 'review', ['1.4.3'], 3),
    ])
    expect(audits.find((audit) => audit.id === 'color-contrast')?.nodes.map((node) => node.key)).toEqual([1])
    const review = audits.find((audit) => audit.id === 'equal-access:text_contrast')
    expect(review).toMatchObject({ outcome: 'manual', engines: ['equal-access', 'canopy'] })
    expect(review?.nodes.map((node) => node.key)).toEqual([3])
  })

  it('matches best practices only within the same rule', () => {
    const audits = combineFindings([
      finding('axe', 'region', 'failed', [], 1),
      finding('equal-access', 'landmark', 'failed', [], 1),
    ])
    expect(audits.map((audit) => audit.id)).toEqual(['region', 'equal-access:landmark'])
  })

  it('lists a rule once: failed outweighs passed and inapplicable', () => {
    const audits = combineFindings([
      finding('axe', 'image-alt', 'passed', ['1.1.1'], null),
      finding('axe', 'image-alt', 'failed', ['1.1.1'], 1),
      finding('axe', 'video-caption', 'inapplicable', ['1.2.2'], null),
    ])
    expect(audits.map((audit) => [audit.id, audit.outcome])).toEqual([
      ['image-alt', 'failed'],
      ['video-caption', 'notApplicable'],
    ])
  })

  it('names issue ids by engine', () => {
    expect(auditIdOf({ engine: 'axe', ruleId: 'image-alt' })).toBe('image-alt')
    expect(auditIdOf({ engine: 'canopy', ruleId: 'canopy-reflow' })).toBe('canopy-reflow')
    expect(auditIdOf({ engine: 'equal-access', ruleId: 'img_alt_valid' })).toBe('equal-access:img_alt_valid')
  })
})

describe('the result against the site’s target', () => {
  const audits = combineFindings([
    finding('axe', 'image-alt', 'failed', ['1.1.1'], 1),
    finding('axe', 'color-contrast-enhanced', 'failed', ['1.4.6'], 2),
    finding('axe', 'target-size', 'failed', ['2.5.8'], 3),
    finding('axe', 'region', 'failed', [], 4),
    finding('axe', 'html-has-lang', 'passed', ['3.1.1'], null),
    finding('axe', 'label', 'review', ['4.1.2'], 5),
  ])

  it('counts failures of the target in the score and keeps advice apart', () => {
    const result = accessibilityResult(audits, target)
    const conformance = Object.fromEntries(result.audits.failed.map((audit) => [audit.id, audit.conformance]))
    expect(conformance).toEqual({
      'image-alt': 'failure',
      'color-contrast-enhanced': 'advice',
      'target-size': 'failure',
      region: 'advice',
    })
    // image-alt (A, 10) and target-size (AA, 7) failed; html-has-lang (A, 10) passed.
    expect(result.score).toBe(Math.round((10 / 27) * 1000) / 10)
    expect(result.audits.manual.map((audit) => [audit.id, audit.issueLevel])).toEqual([['label', 'Manual']])
    expect(result.audits.failed[0]?.details).toMatchObject({
      items: [{ node: { selector: '#el-1', engines: ['axe'] } }],
    })
  })

  it('follows the target: WCAG 2.0 A makes 2.5.8 advice', () => {
    const result = accessibilityResult(audits, { version: '2.0', level: 'A' })
    const failures = result.audits.failed.filter((audit) => audit.conformance === 'failure')
    expect(failures.map((audit) => audit.id)).toEqual(['image-alt'])
    expect(result.score).toBe(50)
  })
})
