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

/** Readability, scored only when the page has a positive Flesch score: under 30 fails. */
function readabilityAudit(flesch: number | null): Audit {
  return audit(
    'readability',
    'Text is not hard to read',
    'Text with a Flesch reading-ease score under 30 (very difficult to read) loses most readers; 60 or more suits most.',
    [],
    [],
    flesch !== null && flesch > 0 && flesch < 30,
    flesch === null ? undefined : `Flesch ${Math.round(flesch)}`,
  )
}

/** Broken links: any link that failed its check fails the audit. */
function brokenLinksAudit(brokenLinks: NonNullable<ContentQualityInput['brokenLinks']>): Audit {
  return audit(
    'broken-links',
    'Links work',
    'Links that fail to load frustrate readers and waste crawl budget.',
    brokenLinks.map((link) => ({ ...link })),
    [
      { key: 'url', label: 'Link', valueType: 'url' },
      { key: 'status', label: 'HTTP status code', valueType: 'numeric' },
      { key: 'error', label: 'Error', valueType: 'text' },
    ],
    brokenLinks.length > 0,
    brokenLinks.length ? `${brokenLinks.length} broken` : undefined,
  )
}

/** Broken images and misspellings: one of either fails its audit. */
function imageAndSpellingAudits(input: ContentQualityInput): Audit[] {
  return [
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
  ]
}

/** Invalid e-mail addresses and telephone numbers, an audit each: one invalid contact fails its audit. */
function contactAudits(invalidContacts: ContentQualityInput['invalidContacts']): Audit[] {
  const invalidEmails = invalidContacts.filter((item) => item.kind === 'email')
  const invalidTelephones = invalidContacts.filter((item) => item.kind === 'telephone')
  return [
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
  ]
}

export function buildContentQuality(input: ContentQualityInput): CategoryResult {
  const audits: Audit[] = []
  const notApplicable: Audit[] = []
  const readability = readabilityAudit(input.flesch)
  // Without a positive Flesch score there is no text to judge: readability is not applicable.
  if (input.flesch === null || input.flesch <= 0) notApplicable.push({ ...readability, score: null })
  else audits.push(readability)
  // Links are audited only once they have been checked.
  if (input.brokenLinks) audits.push(brokenLinksAudit(input.brokenLinks))
  audits.push(...imageAndSpellingAudits(input), ...contactAudits(input.invalidContacts))
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
