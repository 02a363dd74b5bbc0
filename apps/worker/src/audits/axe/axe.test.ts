import { describe, expect, it } from 'vitest'
import { type AxeResults, levelOfTags, mapAxeResults, wcagCriteriaOfTags } from './axe.js'

const rule = (id: string, tags: string[], nodes = 1) => ({
  id,
  tags,
  impact: 'serious',
  description: `${id} description`,
  help: `${id} help`,
  helpUrl: `https://dequeuniversity.com/rules/axe/4.14/${id}`,
  nodes: Array.from({ length: nodes }, (_, index) => ({
    target: [`#el-${index}`],
    html: `<img id="el-${index}" src="a.png">`,
    failureSummary: 'Fix this',
  })),
})

describe('axe mapping', () => {
  it('maps tags to levels and WCAG criteria', () => {
    expect(levelOfTags(['cat.text-alternatives', 'wcag2a', 'wcag111'])).toBe('A')
    expect(levelOfTags(['wcag21aa', 'wcag1410'])).toBe('AA')
    expect(levelOfTags(['wcag2aaa'])).toBe('AAA')
    expect(levelOfTags(['best-practice'])).toBe('Error')
    expect(wcagCriteriaOfTags(['wcag111', 'wcag1410', 'wcag2a', 'wcag21aa'])).toEqual(['1.1.1', '1.4.10'])
  })

  it('groups rules, lists failing nodes as a node table and scores the weighted pass ratio', () => {
    const results: AxeResults = {
      violations: [rule('image-alt', ['wcag2a', 'wcag111'], 2)],
      passes: [rule('html-has-lang', ['wcag2a', 'wcag311']), rule('region', ['best-practice'])],
      incomplete: [rule('color-contrast', ['wcag2aa', 'wcag143'])],
      inapplicable: [rule('video-caption', ['wcag2a'], 0)],
    }
    const category = mapAxeResults(results, new Map())
    expect(category.audits.failed.map((audit) => [audit.id, audit.issueLevel, audit.nodeCount])).toEqual([
      ['image-alt', 'A', 2],
    ])
    expect(category.audits.manual[0]?.issueLevel).toBe('Manual')
    expect(category.audits.passed).toHaveLength(2)
    expect(category.audits.notApplicable).toHaveLength(1)
    expect(category.audits.failed[0]?.wcag).toEqual(['1.1.1'])
    const details = category.audits.failed[0]?.details as {
      type: string
      items: { node: { selector: string } }[]
    }
    expect(details.type).toBe('table')
    expect(details.items.map((item) => item.node.selector)).toEqual(['#el-0', '#el-1'])
    // passed 10 + 1 of 10 + 10 + 1
    expect(category.score).toBe(52.4)
  })
})
