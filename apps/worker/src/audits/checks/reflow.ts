/// <reference lib="dom" />

import type { Page } from 'playwright-core'
import type { Finding, FindingElement } from '../engines/finding.js'
import {
  type CheckNaming,
  canopyFinding,
  evaluateInPage,
  passedWhereClean,
  settleLayout,
} from './keyboard-layout-support.js'

/** The viewport of 400 % zoom on a 1280 by 1024 screen, in CSS px. */
export const REFLOW_VIEWPORT = { width: 320, height: 256 }
/** At most this many overflowing elements are named per page. */
export const MAX_OVERFLOWING = 10

export interface Overflowing {
  element: FindingElement
  right: number
  /** inside content that may need two dimensions (table, pre, code, image, video, canvas, map, application) */
  twoDimensional: boolean
}

/**
 * Reflow: at 320 CSS px wide the page must not scroll sideways. The check sets that viewport, and when the
 * document is wider than it names the outermost elements that reach past its right edge (an element whose
 * parent fits; scroll containers and fixed boxes do not widen the page). Content that may need two
 * dimensions (tables, preformatted text and code, images, video, canvas, maps, applications) is allowed to
 * scroll: it is for review. A step of the layout pass (layout-pass.ts), which puts the viewport back.
 */
export const REFLOW: CheckNaming = {
  id: 'canopy-reflow',
  title: 'Content must reflow at 320 CSS pixels without scrolling sideways',
  description:
    'Sets the viewport to 320 CSS pixels wide (400 % zoom) and looks for elements that make the page ' +
    'scroll horizontally.',
}

/** The elements that make the page scroll sideways at 320 CSS px. Leaves the viewport resized: the pass puts it back. */
export async function measureReflow(page: Page): Promise<Overflowing[]> {
  await page.setViewportSize(REFLOW_VIEWPORT)
  await settleLayout(page)
  return evaluateInPage(page, findOverflowing, MAX_OVERFLOWING)
}

export function reflowFindings(wide: Overflowing[]): Finding[] {
  return passedWhereClean(REFLOW, ['1.4.10'], wide.map(overflowFinding))
}

function overflowFinding(wide: Overflowing): Finding {
  return canopyFinding(REFLOW, {
    outcome: wide.twoDimensional ? 'review' : 'failed',
    criteria: ['1.4.10'],
    element: wide.element,
    message: wide.twoDimensional
      ? `At 320 CSS px wide this content reaches ${wide.right} px and the page scrolls sideways: allowed only if it needs two dimensions to be understood (a data table, a map, code); otherwise let it wrap.`
      : `At 320 CSS px wide this element reaches ${wide.right} px and makes the page scroll sideways: let it shrink and wrap (no fixed widths, max-width: 100%).`,
  })
}

/** In the page at 320 px: the outermost elements past the right edge when the document scrolls sideways. */
function findOverflowing(limit: number): Overflowing[] {
  const keys = (window as unknown as { __canopyKeys: { describe(e: Element): FindingElement } }).__canopyKeys
  const root = document.documentElement
  const width = root.clientWidth
  if (Math.max(root.scrollWidth, document.body?.scrollWidth ?? 0) <= width + 1) return []
  const twoD =
    'table, pre, code, img, picture, video, canvas, svg, iframe, object, embed, math, [role="application"], [role="img"], [role="grid"]'
  const rightOf = (e: Element) => e.getBoundingClientRect().right + window.scrollX
  function widensPage(element: Element): boolean {
    for (let e: Element | null = element; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e)
      if (s.position === 'fixed' || (e !== element && s.overflowX !== 'visible')) return false
    }
    return true
  }
  const found: Overflowing[] = []
  for (const element of Array.from(document.body?.querySelectorAll('*') ?? []).slice(0, 5000)) {
    if (found.length >= limit) break
    const box = element.getBoundingClientRect()
    if (box.width < 1 || box.height < 1 || rightOf(element) <= width + 1) continue
    const parent = element.parentElement
    if (parent && parent !== document.body && rightOf(parent) > width + 1) continue
    if (!widensPage(element)) continue
    found.push({
      element: keys.describe(element),
      right: Math.round(rightOf(element)),
      twoDimensional: !!element.closest(twoD),
    })
  }
  return found
}
