/// <reference lib="dom" />
/**
 * The in-page half of hover-content.ts: functions run in the page by evaluateInPage (self-contained), sharing
 * state on `window.__canopyHover`.
 */

interface HoverPair {
  trigger: Element
  /** what the style sheets show when the trigger is hovered, hidden now */
  targets: Element[]
}

interface HoverState {
  pairs: HoverPair[]
  style: HTMLStyleElement
  scroll: number[]
  isShown(element: Element): boolean
}

const STATE_TYPE = null as unknown as { __canopyHover: HoverState }
export type HoverWindow = typeof STATE_TYPE

/**
 * The selectors of the style rules whose hover may reveal something: a `:hover` rule that sets display,
 * visibility, opacity, a transform, a clip, a height or a position (`.menu li:hover > ul { display: block }`).
 * Style sheets from other origins cannot be read.
 */
export function collectHoverSelectors(): string[] {
  const reveals = [
    'display',
    'visibility',
    'opacity',
    'transform',
    'clip',
    'clip-path',
    'max-height',
    'height',
    'left',
    'top',
    'right',
  ]
  const selectors: string[] = []
  function rulesOf(list: CSSRuleList): void {
    for (const rule of Array.from(list)) {
      if (rule instanceof CSSStyleRule) {
        if (rule.selectorText.includes(':hover') && reveals.some((p) => rule.style.getPropertyValue(p)))
          selectors.push(...rule.selectorText.split(','))
      } else if ('cssRules' in rule) rulesOf((rule as CSSGroupingRule).cssRules)
    }
  }
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      rulesOf(sheet.cssRules)
    } catch {
      // a style sheet from another origin cannot be read
    }
  }
  return selectors.map((selector) => selector.trim())
}

/**
 * Finds content only hovering shows: for each hover selector, the elements it hovers that are shown now
 * and the elements its hover reveals (descendants or later siblings) that are hidden now. Keeps at most
 * `limit` triggers with their hidden targets, turns transitions off while the check runs, and answers the
 * triggers described.
 */
export function findHoverTriggers(arg: {
  selectors: string[]
  limit: number
}): Array<{ key: number | null; selector: string; snippet: string; label: string }> {
  function isShown(element: Element): boolean {
    const r = element.getBoundingClientRect()
    if (r.width < 1 || r.height < 1 || r.right + window.scrollX <= 0 || r.bottom + window.scrollY <= 0)
      return false
    return element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
  }
  function targetsOf(trigger: Element, combinator: string, rest: string): Element[] {
    try {
      if (combinator === '+' || combinator === '~') {
        const after: Element[] = []
        for (let s = trigger.nextElementSibling; s; s = combinator === '+' ? null : s.nextElementSibling)
          after.push(s)
        return after.filter((s) => s.matches(rest))
      }
      return Array.from(trigger.querySelectorAll(`:scope ${combinator === '>' ? '>' : ''} ${rest}`))
    } catch {
      return []
    }
  }
  const pairs: HoverPair[] = []
  const limit = arg.limit
  for (const selector of arg.selectors) {
    const match = /:hover(?![\w-])([^\s>+~]*)\s*([>+~]?)\s*(\S.*)$/.exec(selector)
    if (!match || pairs.length >= limit) continue
    const triggerSelector = (selector.slice(0, match.index) + (match[1] ?? '')).replace(/:hover/g, '') || '*'
    let triggers: Element[] = []
    try {
      triggers = Array.from(document.querySelectorAll(triggerSelector))
    } catch {
      continue
    }
    for (const trigger of triggers) {
      if (pairs.length >= limit || pairs.some((pair) => pair.trigger === trigger) || !isShown(trigger))
        continue
      const targets = targetsOf(trigger, match[2] ?? '', (match[3] ?? '').replace(/:hover/g, '')).filter(
        (t) => !isShown(t),
      )
      if (targets.length > 0) pairs.push({ trigger, targets })
    }
  }
  const style = document.createElement('style')
  style.textContent = '*, *::before, *::after { transition: none !important; }'
  document.head.append(style)
  ;(window as unknown as HoverWindow).__canopyHover = {
    pairs,
    style,
    scroll: [window.scrollX, window.scrollY],
    isShown,
  }
  const keys = (
    window as unknown as { __canopyKeys: { describe(e: Element): ReturnType<typeof findHoverTriggers>[0] } }
  ).__canopyKeys
  return pairs.map((pair) => keys.describe(pair.trigger))
}

/** Brings trigger `index` into view and answers its centre, in viewport coordinates. */
export function placeTrigger(index: number): { x: number; y: number } | null {
  const pair = (window as unknown as HoverWindow).__canopyHover.pairs[index]
  if (!pair) return null
  pair.trigger.scrollIntoView({ block: 'center', inline: 'center' })
  const r = pair.trigger.getBoundingClientRect()
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 }
}

export interface HoverReading {
  /** a target shows now */
  shown: boolean
  /** a point well inside the first target showing (viewport coordinates) */
  at: { x: number; y: number } | null
  text: string
}

/** Whether trigger `index`'s hidden content shows now, where, and what it says. */
export function readHover(index: number): HoverReading {
  const hover = (window as unknown as HoverWindow).__canopyHover
  const shown = hover.pairs[index]?.targets.find((target) => hover.isShown(target))
  if (!shown) return { shown: false, at: null, text: '' }
  const r = shown.getBoundingClientRect()
  const inView = r.left + 2 < window.innerWidth && r.top + 2 < window.innerHeight
  const at = inView
    ? { x: Math.min(r.left + r.width / 2, r.left + 8), y: Math.min(r.top + r.height / 2, r.top + 8) }
    : null
  const text = (shown.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)
  return { shown: true, at, text }
}

/**
 * Gives trigger `index` keyboard focus (itself, or the first focusable element inside it) and answers
 * whether its content then shows: 'unfocusable' when the keyboard cannot reach it, with whether the hidden
 * content holds controls (links, buttons, fields) that only a pointer can then reach.
 */
export function focusReveals(index: number): {
  result: 'shown' | 'hidden' | 'unfocusable'
  controls: boolean
} {
  const hover = (window as unknown as HoverWindow).__canopyHover
  const pair = hover.pairs[index]
  const focusable = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])'
  const controls = !!pair?.targets.some((t) => t.matches(focusable) || t.querySelector(focusable))
  const target = pair?.trigger.matches(focusable) ? pair.trigger : pair?.trigger.querySelector(focusable)
  if (!(target instanceof HTMLElement || target instanceof SVGElement))
    return { result: 'unfocusable', controls }
  target.focus({ preventScroll: true })
  const shown = pair?.targets.some((t) => hover.isShown(t)) ?? false
  target.blur()
  return { result: shown ? 'shown' : 'hidden', controls }
}

/** Puts the page back: transitions, focus and scroll. */
export function endHover(): void {
  const hover = (window as unknown as Partial<HoverWindow>).__canopyHover
  if (!hover) return
  hover.style.remove()
  window.scrollTo(hover.scroll[0] ?? 0, hover.scroll[1] ?? 0)
}
