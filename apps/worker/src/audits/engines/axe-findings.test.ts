import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AXE_ACT_RULES, type AxeResultsWithElements, axeFindings } from './axe-findings.js'

/** axe 4.14.1's results on the problem page of bench/lib/problem-pages.ts, as recorded. */
const recorded = JSON.parse(
  readFileSync(
    new URL('../../../../../tests/fixtures/tool-output/axe-4.14.1/axe.json', import.meta.url),
    'utf8',
  ),
) as AxeResultsWithElements

const element = { key: 7, selector: 'body > img', snippet: '<img src="a.png">', label: '<img src="a.png">' }

describe('axe findings', () => {
  it('reads the ACT rules each axe rule implements from axe itself', () => {
    expect(AXE_ACT_RULES.get('image-alt')).toEqual(['23a2a8'])
    expect(AXE_ACT_RULES.get('region')).toEqual([])
    // named by Canopy where axe's metadata names none (act-supplements.ts)
    expect(AXE_ACT_RULES.get('summary-name')).toEqual(['2t702h'])
  })

  it('turns violations into failures with their criteria, ACT rules, element and message', () => {
    const imageAlt = recorded.violations.find((rule) => rule.id === 'image-alt')
    const withElement = {
      ...recorded,
      violations: imageAlt
        ? [{ ...imageAlt, nodes: imageAlt.nodes.map((node) => ({ ...node, element })) }]
        : [],
      incomplete: [],
      passes: [],
      inapplicable: [],
    }
    expect(axeFindings(withElement)).toEqual([
      {
        engine: 'axe',
        ruleId: 'image-alt',
        outcome: 'failed',
        criteria: ['1.1.1'],
        actRules: ['23a2a8'],
        title: 'Images must have alternative text',
        description: imageAlt?.description,
        helpUrl: imageAlt?.helpUrl,
        element,
        message: imageAlt?.nodes[0]?.failureSummary,
      },
    ])
  })

  it('gives best practices no criterion, one finding per node, and an unresolved element null', () => {
    const findings = axeFindings({ ...recorded, incomplete: [], passes: [] })
    const region = findings.filter((finding) => finding.ruleId === 'region')
    expect(region).toHaveLength(7)
    expect(region.every((finding) => finding.criteria.length === 0 && finding.element === null)).toBe(true)
    expect(findings.find((finding) => finding.ruleId === 'link-name')?.criteria).toEqual(['2.4.4', '4.1.2'])
  })

  it('makes incomplete nodes reviews and passed rules one passed finding each, unless the rule failed', () => {
    const imageAlt = recorded.violations.find((rule) => rule.id === 'image-alt')
    const contrast = recorded.violations.find((rule) => rule.id === 'color-contrast')
    if (!imageAlt || !contrast) throw new Error('the recording lost its rules')
    const findings = axeFindings({
      ...recorded,
      violations: [imageAlt],
      incomplete: [contrast],
      passes: [...recorded.passes, { ...imageAlt, nodes: [] }],
    })
    expect(findings.find((finding) => finding.ruleId === 'color-contrast')).toMatchObject({
      outcome: 'review',
      criteria: ['1.4.3'],
    })
    const passed = findings.filter((finding) => finding.outcome === 'passed')
    // color-contrast passed on some nodes and was undecided on others: it is a review, not a pass
    expect(passed.map((finding) => finding.ruleId)).toEqual(
      recorded.passes.map((rule) => rule.id).filter((id) => id !== 'color-contrast'),
    )
    expect(passed.every((finding) => finding.element === null)).toBe(true)
  })

  it('names each rule with nothing to test on the page as one inapplicable finding without an element', () => {
    const findings = axeFindings({ ...recorded, violations: [], incomplete: [] })
    const inapplicable = findings.filter((finding) => finding.outcome === 'inapplicable')
    expect(recorded.inapplicable.length).toBeGreaterThan(0)
    expect(inapplicable.map((finding) => finding.ruleId)).toEqual(
      recorded.inapplicable.map((rule) => rule.id),
    )
    expect(inapplicable.every((finding) => finding.element === null)).toBe(true)
  })
})
