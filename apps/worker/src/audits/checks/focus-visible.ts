/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import type { Finding } from '../engines/finding.js'
import { canopyFinding, deadlineOf, evaluateInPage, passedWhereClean } from './keyboard-layout-support.js'
import type { PageCheck } from './page-check.js'
import { walkTabOrder } from './tab-walk.js'
import type { WalkStop } from './tab-walk-in-page.js'

/** Elements whose computed look did not change are compared on screen, at most this many per page. */
export const MAX_SCREEN_COMPARISONS = 6

/**
 * Focus visible: tabbing through the page, every element that takes keyboard focus must change how it
 * looks. The walk (tab-walk.ts) compares the computed look of the element and of what an indicator may be
 * drawn on (pseudo-elements, labels, wrapper, siblings, children) focused and not; where that shows no
 * change, a screenshot of the element's box focused and unfocused decides (a script may draw the indicator).
 * Identical pixels fail. Elements hidden while focused are focus-order's (2.4.3), not judged here.
 */
export const focusVisibleCheck: PageCheck = {
  id: 'canopy-focus-visible',
  criteria: ['2.4.7'],
  title: 'Keyboard focus must be visible',
  description:
    'Tabs through the page and compares each focused element with itself unfocused (computed styles, then ' +
    'pixels). An element whose look does not change when it takes keyboard focus leaves keyboard users ' +
    'unable to see where they are.',
  changesPage: true,
  async run(page, context) {
    const deadline = deadlineOf(context.timeoutMs)
    const walk = await walkTabOrder(page, deadline.left())
    const seen = walk.stops.map((stop, index) => ({ stop, index })).filter(({ stop }) => !stop.hidden)
    if (seen.length === 0) return []
    const unchanged = seen.filter(({ stop }) => stop.changed !== true)
    const findings: Finding[] = []
    try {
      for (const [n, { stop, index }] of unchanged.entries()) {
        const compare = n < MAX_SCREEN_COMPARISONS && !deadline.passed()
        const same = compare ? await looksTheSameOnScreen(page, index) : null
        if (same !== false) findings.push(unchangedFinding(stop, same))
      }
    } finally {
      await evaluateInPage(page, endFocusShots, undefined)
    }
    return passedWhereClean(focusVisibleCheck, ['2.4.7'], findings)
  },
}

function unchangedFinding(stop: WalkStop, sameOnScreen: boolean | null): Finding {
  return canopyFinding(focusVisibleCheck, {
    outcome: sameOnScreen ? 'failed' : 'review',
    criteria: ['2.4.7'],
    element: stop.element,
    message: sameOnScreen
      ? 'This element looks exactly the same with keyboard focus as without it (no outline, border, ' +
        'shadow, colour or underline change, and the same pixels): give it a visible focus style.'
      : 'Its computed style did not change with keyboard focus; check on screen that focus on it can be seen.',
  })
}

/** Screenshots of the element's box (and 6 px around it) focused and then unfocused; true when identical. */
async function looksTheSameOnScreen(page: Page, index: number): Promise<boolean | null> {
  const focusedClip = await evaluateInPage(page, showStop, { index, focus: true })
  if (!focusedClip) return null
  const options = { animations: 'disabled', caret: 'hide', timeout: 2000 } as const
  const focused = await page.screenshot({ ...options, clip: focusedClip })
  const clip = await evaluateInPage(page, showStop, { index, focus: false })
  if (!clip) return null
  const unfocused = await page.screenshot({ ...options, clip })
  return focused.equals(unfocused)
}

/** Focuses (or blurs) walk stop `index` in view, transitions off; answers its box in viewport coordinates. */
function showStop(arg: {
  index: number
  focus: boolean
}): { x: number; y: number; width: number; height: number } | null {
  const walk = (window as unknown as { __canopyTabWalk?: { elements: Element[] } }).__canopyTabWalk
  const element = walk?.elements[arg.index]
  if (!(element instanceof HTMLElement || element instanceof SVGElement) || !element.isConnected) return null
  if (!document.getElementById('canopy-focus-shots')) {
    const style = document.createElement('style')
    style.id = 'canopy-focus-shots'
    style.textContent =
      '*, *::before, *::after { transition: none !important; caret-color: transparent !important; }'
    document.head.append(style)
    const state = window as unknown as { __canopyShots: { scroll: number[]; previous: Element | null } }
    state.__canopyShots = { scroll: [window.scrollX, window.scrollY], previous: document.activeElement }
  }
  if (arg.focus) {
    element.scrollIntoView({ block: 'center', inline: 'center' })
    element.focus({ focusVisible: true } as FocusOptions)
  } else element.blur()
  const box = element.getBoundingClientRect()
  const x = Math.max(0, box.left - 6)
  const y = Math.max(0, box.top - 6)
  const width = Math.min(window.innerWidth, box.right + 6) - x
  const height = Math.min(window.innerHeight, box.bottom + 6) - y
  return width >= 1 && height >= 1 ? { x, y, width, height } : null
}

/** Puts back what the screen comparisons changed: the style, focus and scroll. */
function endFocusShots(): void {
  const style = document.getElementById('canopy-focus-shots')
  if (!style) return
  style.remove()
  const { scroll, previous } = (
    window as unknown as { __canopyShots: { scroll: number[]; previous: Element | null } }
  ).__canopyShots
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
  if (previous instanceof HTMLElement && previous !== document.body) previous.focus({ preventScroll: true })
  window.scrollTo(scroll[0] ?? 0, scroll[1] ?? 0)
}
