/// <reference lib="dom" />
/**
 * The in-page half of hover-content.ts that finds what hovering reveals: functions run in the page by
 * evaluateInPage (self-contained); the state they leave on `window.__canopyHover` serves the later calls
 * (hover-content-in-page.ts).
 */

interface HoverPair {
  trigger: Element
  /** what the style sheets show when the trigger is hovered, hidden now */
  targets: Element[]
}

export interface HoverState {
  pairs: HoverPair[]
  style: HTMLStyleElement
  scroll: number[]
  isShown(element: Element): boolean
}

export interface HoverWindow {
  __canopyHover: HoverState
}

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
