import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { type Lhr, mapCategory, mapMetrics } from './map-lhr.js'

/** Real Lighthouse output pinned by bench/capture-tool-output.ts. */
function readFixture(name: string): Lhr {
  const url = new URL(`../../../../tests/fixtures/tool-output/lighthouse-13.5.0/${name}`, import.meta.url)
  return JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as Lhr
}

const heavy = readFixture('heavy.desktop.default.json')
const seoPage = readFixture('seo.desktop.default.json')

function listedRefs(lhr: Lhr, categoryId: string) {
  return (lhr.categories[categoryId]?.auditRefs ?? []).filter(
    (ref) => ref.group !== 'hidden' && ref.group !== 'metrics',
  )
}

describe('mapCategory', () => {
  it('sorts every listed performance audit into one outcome and leaves metrics and hidden audits out', () => {
    const result = mapCategory(heavy, 'performance')
    const all = [
      ...result.audits.failed,
      ...result.audits.manual,
      ...result.audits.passed,
      ...result.audits.notApplicable,
    ]
    expect(all.map((audit) => audit.id).sort()).toEqual(
      listedRefs(heavy, 'performance')
        .map((ref) => ref.id)
        .sort(),
    )
    expect(all.some((audit) => audit.group === 'metrics' || audit.group === 'hidden')).toBe(false)
    expect(
      all.some((audit) => audit.id === 'largest-contentful-paint' || audit.id === 'screenshot-thumbnails'),
    ).toBe(false)
    expect(result.score).toBe(Math.round((heavy.categories.performance?.score ?? 0) * 100))
  })

  it('lists failing audits as Error with their details untouched, informative ones as Manual', () => {
    const result = mapCategory(heavy, 'performance')
    expect(result.audits.failed.length).toBeGreaterThan(0)
    for (const audit of result.audits.failed) {
      expect(audit.issueLevel).toBe('Error')
      expect(audit.score).toBeLessThan(0.9)
    }
    const unusedCss = result.audits.failed.find((audit) => audit.id === 'unused-css-rules')
    expect(unusedCss?.details).toEqual(heavy.audits['unused-css-rules']?.details)
    expect(unusedCss?.details?.type).toBe('opportunity')
    expect(unusedCss?.nodeCount).toBe(heavy.audits['unused-css-rules']?.details?.items?.length)
    const informative = Object.values(heavy.audits).filter(
      (audit) => audit.scoreDisplayMode === 'informative',
    )
    const manualIds = new Set(result.audits.manual.map((audit) => audit.id))
    for (const ref of listedRefs(heavy, 'performance')) {
      if (informative.some((audit) => audit.id === ref.id)) expect(manualIds.has(ref.id)).toBe(true)
    }
    expect(result.audits.manual.every((audit) => audit.issueLevel === 'Manual')).toBe(true)
    expect(result.audits.passed.every((audit) => audit.score === null || audit.score >= 0.9)).toBe(true)
  })

  it('maps seo and best-practices the same way', () => {
    const seo = mapCategory(seoPage, 'seo')
    expect(seo.audits.failed.map((audit) => audit.id)).toContain('is-crawlable')
    expect(seo.audits.manual.map((audit) => audit.id)).toContain('structured-data')
    expect(seo.score).toBe(Math.round((seoPage.categories.seo?.score ?? 0) * 100))
    const bestPractices = mapCategory(heavy, 'best-practices')
    const errors = bestPractices.audits.failed.find((audit) => audit.id === 'errors-in-console')
    expect(errors?.details?.type).toBe('table')
    expect(bestPractices.audits.failed.map((audit) => audit.id)).toContain('deprecations')
  })

  it('answers no score and empty lists for a category the run did not include', () => {
    expect(mapCategory(heavy, 'no-such-category')).toEqual({
      score: null,
      audits: { failed: [], manual: [], passed: [], notApplicable: [] },
    })
  })
})

describe('mapMetrics', () => {
  it('reads the five lab metrics with their scores', () => {
    const metrics = mapMetrics(heavy)
    expect(metrics.firstContentfulPaint).toEqual({
      value: heavy.audits['first-contentful-paint']?.numericValue,
      score: heavy.audits['first-contentful-paint']?.score,
    })
    expect(metrics.cumulativeLayoutShift.value).toBe(heavy.audits['cumulative-layout-shift']?.numericValue)
    expect(metrics.totalBlockingTime.value).toBeGreaterThan(0)
  })
})
