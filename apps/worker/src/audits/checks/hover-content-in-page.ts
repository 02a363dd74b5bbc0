/// <reference lib="dom" />
/**
 * The in-page half of hover-content.ts after the triggers are found (hover-triggers-in-page.ts): functions run
 * in the page by evaluateInPage (self-contained), sharing state on `window.__canopyHover`.
 */

import type { HoverWindow } from './hover-triggers-in-page.js'

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
