import type { Audit, CategoryResult } from '@canopy/contracts'

export interface ContentQualityInput {
  flesch: number | null
  /** null until the links are checked (finalize, or the single-page scan) */
  brokenLinks: { url: string; status: number | null; error: string | null }[] | null
  brokenImages: { url: string; reason: string }[]
  misspellings: { word: string; count: number }[]
  invalidContacts: { kind: 'email' | 'telephone'; value: string }[]
}

function audit(
  id: string,
  title: string,
  description: string,
  items: Record<string, unknown>[],
  headings: { key: string; label: string; valueType: string }[],
  failed: boolean,
  displayValue?: string,
): Audit {
  return {
    id,
    title,
    description,
    issueLevel: 'Error',
    score: failed ? 0 : 1,
    ...(displayValue ? { displayValue } : {}),
    wcag: [],
    nodeCount: failed ? items.length : 0,
    details: failed && items.length ? { type: 'table', headings, items } : null,
  }
}

/** Sub-scores (scoring/README.md); each 0-100. */
export function subScores(input: ContentQualityInput): number[] {
  const scores: number[] = []
  if (input.flesch !== null && input.flesch > 0) scores.push(Math.min(100, input.flesch))
  if (input.brokenLinks) scores.push(Math.max(0, 100 - 25 * input.brokenLinks.length))
  scores.push(Math.max(0, 100 - 50 * input.brokenImages.length))
  const misspelled = input.misspellings.reduce((sum, item) => sum + item.count, 0)
  scores.push(Math.max(0, 100 - 10 * misspelled))
  return scores
}

export function buildContentQuality(input: ContentQualityInput): CategoryResult {
  const invalidEmails = input.invalidContacts.filter((item) => item.kind === 'email')
  const invalidTelephones = input.invalidContacts.filter((item) => item.kind === 'telephone')
  const audits: Audit[] = []
  const notApplicable: Audit[] = []
  const readabilityAudit = audit(
    'readability',
    'Text is not hard to read',
    'Text with a Flesch reading-ease score under 30 (very difficult to read) loses most readers; 60 or more suits most.',
    [],
    [],
    input.flesch !== null && input.flesch > 0 && input.flesch < 30,
    input.flesch === null ? undefined : `Flesch ${Math.round(input.flesch)}`,
  )
  if (input.flesch === null || input.flesch <= 0) notApplicable.push({ ...readabilityAudit, score: null })
  else audits.push(readabilityAudit)
  const linkHeadings = [
    { key: 'url', label: 'Link', valueType: 'url' },
    { key: 'status', label: 'HTTP status code', valueType: 'numeric' },
    { key: 'error', label: 'Error', valueType: 'text' },
  ]
  if (input.brokenLinks) {
    audits.push(
      audit(
        'broken-links',
        'Links work',
        'Links that fail to load frustrate readers and waste crawl budget.',
        input.brokenLinks.map((link) => ({ ...link })),
        linkHeadings,
        input.brokenLinks.length > 0,
        input.brokenLinks.length ? `${input.brokenLinks.length} broken` : undefined,
      ),
    )
  }
  audits.push(
    audit(
      'broken-images',
      'Images load',
      'Images that fail to load leave gaps in the page.',
      input.brokenImages.map((image) => ({ ...image })),
      [
        { key: 'url', label: 'Image', valueType: 'url' },
        { key: 'reason', label: 'Reason', valueType: 'text' },
      ],
      input.brokenImages.length > 0,
    ),
    audit(
      'misspellings',
      'Text has no spelling mistakes',
      'Spelling mistakes undermine trust in the content.',
      input.misspellings.map((item) => ({ ...item })),
      [
        { key: 'word', label: 'Misspelling', valueType: 'text' },
        { key: 'count', label: 'Occurrences', valueType: 'numeric' },
      ],
      input.misspellings.length > 0,
    ),
    audit(
      'invalid-email',
      'E-mail addresses are valid',
      'Malformed e-mail addresses cannot be used to reach you: messages sent to them bounce.',
      invalidEmails.map((item) => ({ value: item.value })),
      [{ key: 'value', label: 'E-mail address', valueType: 'text' }],
      invalidEmails.length > 0,
    ),
    audit(
      'invalid-telephone',
      'Telephone numbers are valid',
      'Telephone numbers with too few or too many digits cannot be dialled.',
      invalidTelephones.map((item) => ({ value: item.value })),
      [{ key: 'value', label: 'Telephone number', valueType: 'text' }],
      invalidTelephones.length > 0,
    ),
  )
  const scores = subScores(input)
  return {
    score: scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10 : null,
    audits: {
      failed: audits.filter((item) => item.score === 0),
      manual: [],
      passed: audits.filter((item) => item.score === 1),
      notApplicable,
    },
  }
}
