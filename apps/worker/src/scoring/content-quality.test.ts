import { describe, expect, it } from 'vitest'
import { buildContentQuality, type ContentQualityInput } from './content-quality.js'

const clean: ContentQualityInput = {
  flesch: 65,
  brokenLinks: [],
  brokenImages: [],
  misspellings: [],
  invalidContacts: [],
}

describe('buildContentQuality', () => {
  it('fails invalid-email and invalid-telephone separately, each with its own items', () => {
    const result = buildContentQuality({
      ...clean,
      invalidContacts: [
        { kind: 'email', value: 'planning@@riverbend.gov.uk' },
        { kind: 'telephone', value: '+4420794' },
        { kind: 'email', value: 'housing@riverbend' },
      ],
    })
    const failed = new Map(result.audits.failed.map((audit) => [audit.id, audit]))
    expect([...failed.keys()].sort()).toEqual(['invalid-email', 'invalid-telephone'])
    expect(failed.get('invalid-email')?.nodeCount).toBe(2)
    expect(failed.get('invalid-email')?.details).toMatchObject({
      type: 'table',
      items: [{ value: 'planning@@riverbend.gov.uk' }, { value: 'housing@riverbend' }],
    })
    expect(failed.get('invalid-telephone')?.nodeCount).toBe(1)
    expect(failed.get('invalid-telephone')?.title).toBe('Telephone numbers are valid')
    // Contacts are listed, not scored: the score is the same as the clean page's.
    expect(result.score).toBe(buildContentQuality(clean).score)
  })

  it('passes both contact audits when every contact is valid, and no longer has invalid-contacts', () => {
    const result = buildContentQuality(clean)
    const passed = result.audits.passed.map((audit) => audit.id)
    expect(passed).toEqual(expect.arrayContaining(['invalid-email', 'invalid-telephone']))
    expect([...passed, ...result.audits.failed.map((audit) => audit.id)]).not.toContain('invalid-contacts')
  })
})
