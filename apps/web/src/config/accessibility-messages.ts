import { ENGINE_NAMES, type EngineId, REVIEW_MESSAGES, type WcagTarget } from '@canopy/contracts'

/**
 * The copy of the accessibility standard (scan settings), the engines' credit, failures and advice, and
 * reviewers' decisions. The spec has no texts for these; the API's own messages come from the contracts.
 */

/** "axe-core", "axe-core and IBM Equal Access", "axe-core, IBM Equal Access and Canopy checks" */
export function listEngines(engines: readonly EngineId[]): string {
  const names = engines.map((engine) => ENGINE_NAMES[engine])
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

export const describeTarget = (target: WcagTarget) => `WCAG ${target.version} ${target.level}`

export const ACCESSIBILITY_UI = {
  standard: {
    heading: 'Accessibility standard',
    intro: 'The target the accessibility results are measured against, and the engines that check each page.',
    version: 'WCAG version',
    level: 'Conformance level',
    levelDescription: 'AA is what most laws and policies ask for.',
    engines: 'Engines',
    alwaysOn: '(always on)',
    nextScan: 'Changes apply from the next scan.',
    saved: 'Scan settings saved',
    failed: 'The scan settings could not be saved.',
    engineHelp: {
      axe: 'The widely used rule set: the baseline every scan runs.',
      'equal-access':
        "IBM's rules: finds barriers axe-core does not check, such as more labelling and structure problems.",
      canopy:
        'Checks no engine makes well: keyboard focus, reflow at 320 px, target size and text over images.',
    } satisfies Record<EngineId, string>,
  },
  foundBy: (engines: readonly EngineId[]) => `Found by ${listEngines(engines)}`,
  advice: 'Advice',
  adviceHelp:
    'Advice: a best practice or a criterion above the site’s target; it does not count as a failure.',
  failuresOf: (target: WcagTarget) => `Failures of ${describeTarget(target)}`,
  failures: 'Failures',
  criteria: 'WCAG success criteria',
  bestPractice: 'Best practice (no WCAG success criterion)',
  understanding: (id: string, title: string) => `${id} ${title}`,
  conformanceFilter: 'Show',
  conformanceOptions: {
    all: 'Failures and advice',
    failure: 'Failures only',
    advice: 'Advice only',
  },
  review: {
    heading: 'Needs review',
    dismissedGroup: 'Dismissed after review',
    intro: 'An engine could not decide these results. Check each one and record your decision.',
    toDecide: 'What to check',
    how: 'How to check',
    techniques: 'WCAG techniques',
    understanding: 'Understanding the success criterion',
    decision: 'Your decision',
    confirm: 'Confirm as failed',
    dismiss: 'Dismiss',
    reason: 'Reason',
    reasonDescription: 'Required to dismiss: say why this is not a barrier.',
    reasonRequired: REVIEW_MESSAGES.reasonRequired,
    saved: REVIEW_MESSAGES.saved,
    reopened: REVIEW_MESSAGES.reopened,
    saveFailed: 'The decision could not be saved.',
    reopenFailed: 'The result could not be reopened.',
    reopen: 'Reopen',
    confirmed: 'Confirmed as failed',
    dismissed: 'Dismissed',
    decidedBy: (name: string | null, when: string) => `by ${name ?? 'a former user'} on ${when}`,
    toReview: 'To review',
    noGuidance: 'Check the elements listed against the success criteria named above.',
  },
  dashboard: {
    needsReview: 'Needs review',
    counts: (toReview: number, reviewed: number) =>
      `${toReview.toLocaleString('en-GB')} to review, ${reviewed.toLocaleString('en-GB')} reviewed`,
    seeToReview: 'See the results that need review',
    failuresAndAdvice: (failures: number, advice: number) =>
      `${failures.toLocaleString('en-GB')} ${failures === 1 ? 'failure' : 'failures'}, ${advice.toLocaleString('en-GB')} advice`,
  },
} as const
