import type { Page } from 'playwright-core'
import type { Finding, FindingElement, FindingOutcome } from '../engines/finding.js'
import type { PageCheck } from './page-check.js'

/**
 * What the content and structure checks share: the finding they answer in and the way they read the page.
 * Each check reads everything it needs in one evaluate (a script string, like the page pipeline's, so no
 * compiled helper leaks into the page), describing elements with the preloaded element keys, and decides in
 * Node.
 */
export interface CheckVerdict {
  outcome: Exclude<FindingOutcome, 'passed'>
  /** the criteria this barrier fails, when narrower than the check's */
  criteria?: string[]
  element: FindingElement | null
  message: string
  /** the ACT rules this verdict fails, when the check names them verdict by verdict */
  actRules?: string[]
}

export type CheckIdentity = Pick<PageCheck, 'id' | 'criteria' | 'title' | 'description'> & { helpUrl: string }

/**
 * The check's findings: one per verdict, or, when it applied to the page and found nothing, one passed
 * finding for the rule as a whole. A check that did not apply (no media, no form) answers nothing.
 */
export function findingsOf(check: CheckIdentity, verdicts: CheckVerdict[], applicable: boolean): Finding[] {
  const base = {
    engine: 'canopy' as const,
    ruleId: check.id,
    actRules: [],
    title: check.title,
    description: check.description,
    helpUrl: check.helpUrl,
  }
  if (verdicts.length === 0) {
    return applicable
      ? [{ ...base, outcome: 'passed', criteria: check.criteria, element: null, message: '' }]
      : []
  }
  return verdicts.map((verdict) => ({
    ...base,
    outcome: verdict.outcome,
    criteria: verdict.criteria ?? check.criteria,
    actRules: verdict.actRules ?? [],
    element: verdict.element,
    message: verdict.message,
  }))
}

/** The W3C's explanation of a WCAG 2.2 success criterion, by its page name ('bypass-blocks'). */
export function understandingUrl(slug: string): string {
  return `https://www.w3.org/WAI/WCAG22/Understanding/${slug}.html`
}

/** The constructor of async functions, to build one from source. */
const AsyncFunction = (async () => {}).constructor as new (
  ...source: string[]
) => (arg: unknown) => Promise<unknown>

/**
 * A function for Playwright to run in the page, built from source at run time (`body` uses `args` and
 * `describe`): compiled code would carry the compiler's helpers into the page, a string does not.
 */
export function pageFunction(body: string): (args: unknown) => Promise<unknown> {
  return new AsyncFunction(
    'args',
    `const describe = (element) => window.__canopyKeys.describe(element);\n${body}`,
  )
}

/**
 * Runs a script in the page: `body` is the inside of an async function that may use `describe(element)`
 * (the element keys' description) and `args`, and returns what the check reads.
 */
export async function readPage<T>(page: Page, body: string, args: unknown = null): Promise<T> {
  return (await page.evaluate(pageFunction(body), args)) as T
}

/** Short quotation of a text for a message: whitespace collapsed, cut at `max` characters. */
export function quote(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`
}
