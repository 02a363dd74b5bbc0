/**
 * ACT rules an engine rule implements that the engine's own metadata does not name, each checked against the
 * rule's test cases with bench/act-rules.ts (failed examples caught, no passed example failed).
 */

/** axe rules and the ACT rules they implement besides those of axe's metadata. */
export const AXE_ACT_SUPPLEMENT: Readonly<Record<string, string[]>> = {
  // "Summary element has non-empty accessible name": axe 4.14 names no ACT rule for summary-name.
  'summary-name': ['2t702h'],
}

/**
 * The global ARIA properties ARIA prohibits on some roles (generic, paragraph, presentation and the like):
 * naming and role description, and their braille forms.
 */
const PROHIBITABLE_GLOBALS = new Set([
  'aria-label',
  'aria-labelledby',
  'aria-braillelabel',
  'aria-roledescription',
  'aria-brailleroledescription',
])

/** ACT's "ARIA global properties not used where prohibited". */
const PROHIBITED_GLOBALS_ACT_RULE = 'kb1m8s'

/** The ACT rules Equal Access results may speak for beyond the engine's metadata. */
export const EQUAL_ACCESS_SUPPLEMENTED_ACT_RULES: readonly string[] = [PROHIBITED_GLOBALS_ACT_RULE]

/**
 * The ACT rules an Equal Access result speaks for beyond its metadata: aria_attribute_valid failing an
 * element for attributes that are all prohibited global properties is ACT's "ARIA global properties not used
 * where prohibited" (kb1m8s); its metadata names only the rule for non-global attributes (5c01ea).
 */
export function equalAccessActSupplement(result: {
  ruleId: string
  reasonId: string | number
  messageArgs?: unknown[]
}): string[] {
  if (result.ruleId !== 'aria_attribute_valid' || !String(result.reasonId).startsWith('Fail_invalid'))
    return []
  const attributes = String(result.messageArgs?.[0] ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
  return attributes.length > 0 && attributes.every((name) => PROHIBITABLE_GLOBALS.has(name))
    ? [PROHIBITED_GLOBALS_ACT_RULE]
    : []
}
