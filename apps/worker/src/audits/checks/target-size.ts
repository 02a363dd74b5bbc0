/// <reference lib="dom" />
import type { Finding, FindingElement } from '../engines/finding.js'
import { canopyFinding, evaluateInPage, passedWhereClean, within } from './keyboard-layout-support.js'
import type { PageCheck } from './page-check.js'

/** At most this many targets are named per page; at most MAX_TARGETS are measured. */
export const MAX_SMALL_TARGETS = 30
export const MAX_TARGETS = 1500

interface SmallTarget {
  element: FindingElement
  width: number
  height: number
  neighbour: string
}

/**
 * Target size (minimum): a pointer target smaller than 24 by 24 CSS px fails unless a 24 px circle centred
 * on it touches no other target and no other small target's circle (the spacing exception). Links inside a
 * sentence (the inline exception) and native controls the author left as the browser draws them (the user
 * agent exception) are not judged. Measured from the layout, in one pass over the page.
 */
export const targetSizeCheck: PageCheck = {
  id: 'canopy-target-size',
  criteria: ['2.5.8'],
  title: 'Small pointer targets must have room around them',
  description:
    'Measures every link, button, form control and widget: one smaller than 24 by 24 CSS pixels needs 24 ' +
    'pixels of room (a 24 px circle centred on it must not touch another target) so it can be hit without ' +
    'hitting its neighbour.',
  changesPage: false,
  async run(page, context) {
    const measured = await within(
      evaluateInPage(page, findCrowdedSmallTargets, { limit: MAX_SMALL_TARGETS, max: MAX_TARGETS }),
      context.timeoutMs,
      'measuring targets',
    )
    const findings = measured.small.map(smallTargetFinding)
    return passedWhereClean(targetSizeCheck, measured.targets > 0 ? ['2.5.8'] : [], findings)
  },
}

function smallTargetFinding(target: SmallTarget): Finding {
  return canopyFinding(targetSizeCheck, {
    outcome: 'failed',
    criteria: ['2.5.8'],
    element: target.element,
    message: `This target is ${target.width} by ${target.height} CSS px and its neighbour "${target.neighbour}" is within 12 px of its centre: make it at least 24 by 24 px or move it apart.`,
  })
}

/** In the page: the targets, and the small ones whose 24 px circle touches another target. */
function findCrowdedSmallTargets(arg: { limit: number; max: number }): {
  targets: number
  small: SmallTarget[]
} {
  const keys = (window as unknown as { __canopyKeys: { describe(e: Element): FindingElement } }).__canopyKeys
  const selector =
    'a[href], area[href], button, input:not([type="hidden"]), select, textarea, summary, [onclick], [tabindex]:not([tabindex="-1"]), ' +
    '[role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="menuitem"], [role="option"], [role="slider"]'
  const nativeLook = /^(checkbox|radio|range|color|date|datetime-local|month|time|week|file)$/
  // A link in a sentence: inline, in a block whose own text goes beyond the link's.
  function inSentence(element: Element): boolean {
    if (getComputedStyle(element).display !== 'inline') return false
    let block = element.parentElement
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement
    const rest = (block?.textContent ?? '').replace(element.textContent ?? '', '')
    return /\p{L}{2,}.*\p{L}{2,}/su.test(rest)
  }
  function userAgentControl(element: Element): boolean {
    return (
      element instanceof HTMLInputElement &&
      nativeLook.test(element.type) &&
      getComputedStyle(element).appearance !== 'none'
    )
  }
  const targets = Array.from(document.querySelectorAll(selector))
    .slice(0, arg.max)
    .flatMap((element) => {
      const r = element.getBoundingClientRect()
      const s = getComputedStyle(element)
      if (r.width < 1 || r.height < 1 || s.visibility !== 'visible' || s.pointerEvents === 'none') return []
      const x = (r.left + r.right) / 2 + window.scrollX
      const y = (r.top + r.bottom) / 2 + window.scrollY
      const box = {
        left: r.left + window.scrollX,
        top: r.top + window.scrollY,
        right: r.right + window.scrollX,
        bottom: r.bottom + window.scrollY,
      }
      return [{ element, r, x, y, box, small: r.width < 23.95 || r.height < 23.95 }]
    })
  type Target = (typeof targets)[number]
  // The distance from a circle's centre to the nearest point of a box.
  const reach = (t: Target, o: Target) =>
    Math.hypot(
      Math.max(o.box.left - t.x, 0, t.x - o.box.right),
      Math.max(o.box.top - t.y, 0, t.y - o.box.bottom),
    )
  const crowding = (t: Target, o: Target) =>
    o !== t &&
    !o.element.contains(t.element) &&
    !t.element.contains(o.element) &&
    (reach(t, o) < 12 || (o.small && Math.hypot(o.x - t.x, o.y - t.y) < 24))
  const small: SmallTarget[] = []
  for (const t of targets) {
    if (small.length >= arg.limit) break
    if (!t.small || inSentence(t.element) || userAgentControl(t.element)) continue
    const neighbour = targets.find((o) => crowding(t, o))
    if (!neighbour) continue
    small.push({
      element: keys.describe(t.element),
      width: Math.round(t.r.width),
      height: Math.round(t.r.height),
      neighbour: keys.describe(neighbour.element).label,
    })
  }
  return { targets: targets.length, small }
}
