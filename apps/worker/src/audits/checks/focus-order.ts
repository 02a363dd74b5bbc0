/// <reference lib="dom" />
import type { Finding, FindingElement } from '../engines/finding.js'
import { canopyFinding, deadlineOf, evaluateInPage, passedWhereClean } from './keyboard-layout-support.js'
import type { PageCheck } from './page-check.js'
import { type TabWalk, walkTabOrder } from './tab-walk.js'

/** At most this many controls only a mouse can use are named per page. */
export const MAX_MOUSE_ONLY = 20

/**
 * Focus order and keyboard reach, from the tab walk (tab-walk.ts) and one look at the page:
 * - focus going to content that cannot be seen (aria-hidden, transparent, no size, off the page, clipped
 *   away inside a closed container) fails focus order (2.4.3);
 * - Tab cycling among a few elements that Shift+Tab and Escape cannot leave either fails no keyboard trap
 *   (2.1.2);
 * - an element that reacts to clicks (an onclick handler, role button or link) but that the keyboard cannot
 *   reach (not focusable, no tabindex, nothing focusable inside or around it) fails keyboard (2.1.1).
 */
export const focusOrderCheck: PageCheck = {
  id: 'canopy-focus-order',
  criteria: ['2.4.3', '2.1.2', '2.1.1'],
  title: 'Keyboard focus must follow what can be seen, and reach and leave every control',
  description:
    'Tabs through the page: focus must not go to hidden content, nor get stuck cycling among a few ' +
    'elements; and every element that reacts to clicks must also be reachable with the keyboard.',
  changesPage: true,
  async run(page, context) {
    const deadline = deadlineOf(context.timeoutMs)
    const walk = await walkTabOrder(page, deadline.left())
    const mouseOnly = await evaluateInPage(page, findMouseOnlyControls, MAX_MOUSE_ONLY)
    const findings = [...hiddenFocusFindings(walk), ...trapFindings(walk), ...mouseOnly.map(mouseOnlyFinding)]
    const applied =
      walk.stops.length === 0 ? [] : ['2.4.3', ...(walk.sequence.includes('exit') ? ['2.1.2'] : [])]
    return passedWhereClean(focusOrderCheck, applied, findings)
  },
}

function hiddenFocusFindings(walk: TabWalk): Finding[] {
  return walk.stops
    .filter((stop) => stop.hidden)
    .map((stop) =>
      canopyFinding(focusOrderCheck, {
        outcome: 'failed',
        criteria: ['2.4.3'],
        title: 'Keyboard focus must not go to hidden content',
        element: stop.element,
        message: `Keyboard focus reaches this element while ${stop.hidden}: remove it from the tab order while it is hidden (display: none, the inert attribute or tabindex="-1").`,
      }),
    )
}

function trapFindings(walk: TabWalk): Finding[] {
  if (!walk.trap) return []
  const trapped = walk.trap.map((index) => walk.stops[index]?.element).filter((e) => e !== undefined)
  const names = trapped.map((element) => `"${element.label}"`).join(', ')
  return [
    canopyFinding(focusOrderCheck, {
      outcome: 'failed',
      criteria: ['2.1.2'],
      title: 'Keyboard focus must not be trapped',
      element: trapped[0] ?? null,
      message: `Tab, Shift+Tab and Escape keep focus cycling among ${trapped.length} elements (${names}): keyboard users cannot reach the rest of the page.`,
    }),
  ]
}

function mouseOnlyFinding(element: FindingElement): Finding {
  return canopyFinding(focusOrderCheck, {
    outcome: 'failed',
    criteria: ['2.1.1'],
    title: 'Controls must be usable with the keyboard',
    element,
    message:
      'This element reacts to clicks but the keyboard cannot reach it: use a real button or link, or give ' +
      'it tabindex="0" and handle Enter and Space.',
  })
}

/**
 * Elements that act on click (an onclick attribute or handler property, or role button or link) but take
 * no keyboard focus: not focusable by nature, no tabindex, not inside a focusable element and with nothing
 * focusable inside (a card whose link carries the action is fine), rendered and not disabled.
 */
function findMouseOnlyControls(limit: number): FindingElement[] {
  const keys = (window as unknown as { __canopyKeys: { describe(e: Element): FindingElement } }).__canopyKeys
  const focusable =
    'a[href], area[href], button, input, select, textarea, summary, iframe, audio[controls], video[controls], [tabindex], [contenteditable]'
  const candidates = new Set<Element>(
    Array.from(document.querySelectorAll('[onclick], [role="button"], [role="link"]')),
  )
  for (const element of Array.from(document.body?.querySelectorAll('*') ?? []).slice(0, 5000))
    if ((element as HTMLElement).onclick) candidates.add(element)
  const found: FindingElement[] = []
  for (const element of candidates) {
    if (found.length >= limit) break
    if (element === document.body || element.matches(focusable)) continue
    if (element.parentElement?.closest(focusable) || element.querySelector(focusable)) continue
    if (element.closest('[aria-disabled="true"], [aria-hidden="true"], [inert]')) continue
    const box = element.getBoundingClientRect()
    if (box.width < 1 || box.height < 1 || getComputedStyle(element).visibility !== 'visible') continue
    found.push(keys.describe(element))
  }
  return found
}
