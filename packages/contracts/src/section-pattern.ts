import { RE2JS } from 're2js'

/**
 * A section rule's regular expression, run by RE2 (re2js): time linear in the text, whatever the pattern,
 * so a pattern like `(a+)+$` cannot stall a scan or the API. RE2 has no look-arounds and no back-references;
 * a pattern using them is refused with its own message. Matching ignores case, like the other operators.
 * Server-side only (the API checks patterns, the worker runs them): the engine stays out of the browser.
 */
export const SECTION_PATTERN_MESSAGES = {
  invalid: 'Enter a valid regular expression.',
  unsupported:
    'This regular expression uses look-arounds or back-references, which Canopy does not run: rules run in linear time. Rewrite it without them.',
} as const

export type SectionPattern = { test(text: string): boolean }

export function compileSectionPattern(value: string): SectionPattern | { error: string } {
  try {
    const pattern = RE2JS.compile(value, RE2JS.CASE_INSENSITIVE)
    return { test: (text) => pattern.matcher(text).find() }
  } catch {
    return {
      error: isJavaScriptPattern(value)
        ? SECTION_PATTERN_MESSAGES.unsupported
        : SECTION_PATTERN_MESSAGES.invalid,
    }
  }
}

/** Whether the pattern is valid JavaScript, only to say why RE2 refused it (never to run it). */
function isJavaScriptPattern(value: string): boolean {
  try {
    new RegExp(value)
    return true
  } catch {
    return false
  }
}
