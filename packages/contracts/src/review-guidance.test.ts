import { describe, expect, it } from 'vitest'
import {
  GUIDED_CRITERIA,
  guidanceFor,
  guidanceForCriterion,
  techniqueUrl,
  understandingSlug,
  WCAG_TECHNIQUE_TITLES,
} from './review-guidance.js'
import { ReviewGuidanceSchema, WCAG_CRITERIA } from './wcag.js'

const TECHNIQUE_URL =
  /^https:\/\/www\.w3\.org\/WAI\/WCAG22\/Techniques\/(general|html|aria|css|failures|client-side-script|server-side-script|pdf|smil|text)\/[A-Z]+\d+$/
const UNDERSTANDING_URL = /^https:\/\/www\.w3\.org\/WAI\/WCAG22\/Understanding\/[a-z0-9-]+\.html$/

/** The W3C numbers no technique for 2.2.6 Timeouts (its sufficient techniques are unnumbered). */
const WITHOUT_NUMBERED_TECHNIQUES = new Set(['2.2.6'])

describe('review guidance', () => {
  it('covers every WCAG 2.2 success criterion, in its shape', () => {
    expect(GUIDED_CRITERIA).toEqual(WCAG_CRITERIA.map((criterion) => criterion.id))
    for (const criterion of WCAG_CRITERIA) {
      const guidance = guidanceForCriterion(criterion.id)
      expect(ReviewGuidanceSchema.parse(guidance), criterion.id).toEqual(guidance)
      expect(guidance?.check.length, criterion.id).toBeGreaterThan(30)
      expect(guidance?.how.length, criterion.id).toBeGreaterThan(30)
      const count = guidance?.techniques.length ?? 0
      if (WITHOUT_NUMBERED_TECHNIQUES.has(criterion.id)) expect(count, criterion.id).toBe(0)
      else expect(count, criterion.id).toBeGreaterThanOrEqual(1)
      expect(count, criterion.id).toBeLessThanOrEqual(4)
    }
  })

  it('links well-formed technique and Understanding addresses, with the technique titles', () => {
    for (const criterion of WCAG_CRITERIA) {
      const guidance = guidanceForCriterion(criterion.id)
      expect(guidance?.understandingUrl, criterion.id).toMatch(UNDERSTANDING_URL)
      for (const technique of guidance?.techniques ?? []) {
        expect(technique.url, technique.id).toMatch(TECHNIQUE_URL)
        expect(technique.url.endsWith(`/${technique.id}`)).toBe(true)
        expect(technique.title).toBe(WCAG_TECHNIQUE_TITLES[technique.id])
        if (technique.id.startsWith('F')) expect(technique.title).toMatch(/^Failure (of|due)/)
      }
    }
  })

  it('files techniques in the W3C folder of their prefix', () => {
    expect(techniqueUrl('G18')).toBe('https://www.w3.org/WAI/WCAG22/Techniques/general/G18')
    expect(techniqueUrl('F65')).toBe('https://www.w3.org/WAI/WCAG22/Techniques/failures/F65')
    expect(techniqueUrl('ARIA22')).toBe('https://www.w3.org/WAI/WCAG22/Techniques/aria/ARIA22')
    expect(techniqueUrl('SCR39')).toBe('https://www.w3.org/WAI/WCAG22/Techniques/client-side-script/SCR39')
    expect(techniqueUrl('C43')).toBe('https://www.w3.org/WAI/WCAG22/Techniques/css/C43')
  })

  it('names Understanding documents as the W3C does', () => {
    expect(understandingSlug('Contrast (Minimum)')).toBe('contrast-minimum')
    expect(understandingSlug('Error Prevention (Legal, Financial, Data)')).toBe(
      'error-prevention-legal-financial-data',
    )
    expect(understandingSlug('Name, Role, Value')).toBe('name-role-value')
    expect(guidanceForCriterion('2.5.8')?.understandingUrl).toBe(
      'https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum.html',
    )
  })

  it('takes the first criterion WCAG knows, and none for a best practice', () => {
    expect(guidanceFor(['1.4.3', '1.4.6'])).toEqual(guidanceForCriterion('1.4.3'))
    expect(guidanceFor(['9.9.9', '2.4.7'])).toEqual(guidanceForCriterion('2.4.7'))
    expect(guidanceFor([])).toBeNull()
    expect(guidanceFor(['best-practice'])).toBeNull()
    expect(guidanceFor(['1.1.1'])?.techniques.map((technique) => technique.id)).toEqual(['G94', 'H37', 'F65'])
  })
})
