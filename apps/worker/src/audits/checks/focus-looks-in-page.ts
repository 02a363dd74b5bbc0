/// <reference lib="dom" />
/**
 * In-page helpers of the tab walk (tab-walk.ts): how focus changes an element's look, and why a focused
 * element cannot be seen. Each install function is run in the page by evaluateInPage (self-contained) and
 * leaves its helper on `window.__canopyChecks` for the walk's listeners.
 */

/** Helpers installed on `window.__canopyChecks` by the install functions of this module, for the later calls. */
export interface PageHelpers {
  focusLook(element: Element): string
  hiddenReason(element: Element): string | null
}

/**
 * Installs `focusLook(element)`: the computed look of everything a focus indicator may be drawn on (the
 * element, its pseudo-elements, a label, a wrapper, a sibling as in input:focus + span, or a child), as text.
 */
export function installFocusLook(): void {
  function look(element: Element, pseudo?: string): string {
    const s = getComputedStyle(element, pseudo)
    const outline =
      s.outlineStyle === 'none' || Number.parseFloat(s.outlineWidth) === 0
        ? 'none'
        : [s.outlineStyle, s.outlineWidth, s.outlineColor, s.outlineOffset].join(' ')
    return [
      outline,
      s.boxShadow,
      s.borderColor,
      s.borderWidth,
      s.borderStyle,
      s.backgroundColor,
      s.backgroundImage,
      s.color,
      s.textDecorationLine,
      s.textDecorationColor,
      s.textDecorationThickness,
      s.textDecorationStyle,
      s.fontWeight,
      s.opacity,
      s.transform,
      s.filter,
      s.visibility,
      s.display,
      s.textShadow,
      pseudo ? s.content : '',
    ].join(';')
  }
  function signature(element: Element): string {
    const parent = element.parentElement
    const labels = 'labels' in element ? Array.from((element as HTMLInputElement).labels ?? []) : []
    const around = [
      element,
      ...labels,
      parent,
      parent?.parentElement,
      element.previousElementSibling,
      element.nextElementSibling,
      element.nextElementSibling?.nextElementSibling,
      ...Array.from(element.querySelectorAll('*')).slice(0, 10),
    ]
    const looks = around.filter((e): e is Element => e instanceof Element).map((e) => look(e))
    return [...looks, look(element, '::before'), look(element, '::after')].join('|')
  }
  const win = window as unknown as { __canopyChecks?: Partial<PageHelpers> }
  win.__canopyChecks = { ...win.__canopyChecks, focusLook: signature }
}

/**
 * Installs `hiddenReason(element)`: why a focused element cannot be seen (null when it can): inside
 * aria-hidden content, transparent, no size, off the page, or clipped away by an ancestor that hides its
 * overflow (a closed drop-down) or by a visually-hidden box. A hidden native input whose label shows is
 * seen through its label.
 */
export function installHiddenReason(): void {
  function boxOf(element: Element): DOMRect | null {
    const parts = [element, ...Array.from(element.querySelectorAll('*')).slice(0, 20)]
    const rects = parts.flatMap((e) => Array.from(e.getClientRects())).filter((r) => r.width * r.height > 0)
    if (rects.length === 0) return null
    const left = Math.min(...rects.map((r) => r.left))
    const top = Math.min(...rects.map((r) => r.top))
    return new DOMRect(
      left,
      top,
      Math.max(...rects.map((r) => r.right)) - left,
      Math.max(...rects.map((r) => r.bottom)) - top,
    )
  }
  // An ancestor clips the element unless the element escapes it: fixed boxes escape all, absolute boxes
  // the static ancestors below their containing block.
  function visibleBox(element: Element, box: DOMRect): { width: number; height: number } {
    let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom]
    let absolute = getComputedStyle(element).position === 'absolute'
    for (let a = element.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a)
      if (s.position === 'fixed') break
      const escapes = absolute && s.position === 'static'
      absolute = s.position === 'absolute' || escapes
      if (escapes) continue
      const r = a.getBoundingClientRect()
      if (s.overflowX !== 'visible') [left, right] = [Math.max(left, r.left), Math.min(right, r.right)]
      if (s.overflowY !== 'visible') [top, bottom] = [Math.max(top, r.top), Math.min(bottom, r.bottom)]
    }
    return { width: right - left, height: bottom - top }
  }
  function transparent(element: Element): boolean {
    for (let e: Element | null = element; e; e = e.parentElement)
      if (getComputedStyle(e).opacity === '0') return true
    return false
  }
  function hiddenReason(element: Element): string | null {
    const labels = 'labels' in element ? Array.from((element as HTMLInputElement).labels ?? []) : []
    if (labels.some((label) => hiddenReason(label) === null)) return null
    if (element.closest('[aria-hidden="true"]')) return 'it is inside content hidden with aria-hidden'
    if (transparent(element)) return 'it is fully transparent (opacity 0)'
    const box = boxOf(element)
    if (!box) return 'it has no size'
    const page = document.documentElement
    if (box.right + window.scrollX <= 0 || box.bottom + window.scrollY <= 0) return 'it is off the page'
    if (box.left + window.scrollX >= Math.max(page.scrollWidth, page.clientWidth)) return 'it is off the page'
    const seen = visibleBox(element, box)
    if (seen.width <= 1 || seen.height <= 1) return 'it is clipped out of sight'
    return null
  }
  const win = window as unknown as { __canopyChecks?: Partial<PageHelpers> }
  win.__canopyChecks = { ...win.__canopyChecks, hiddenReason }
}
