/// <reference lib="dom" />
/**
 * The in-page half of the tab walk (tab-walk.ts): functions run in the page by evaluateInPage, so each one
 * carries everything it uses (nothing from this module's scope reaches the page).
 */

interface WalkEvent {
  type: 'key' | 'in' | 'out'
  index?: number
  outside?: boolean
  signature?: string
  hidden?: string | null
}

/** Helpers installed on `window.__canopyChecks` by the install functions below, for the later calls. */
export interface PageHelpers {
  focusLook(element: Element): string
  hiddenReason(element: Element): string | null
}

/** What the recorder keeps in the page between the walk's calls. */
interface WalkState {
  token: string
  elements: Element[]
  log: WalkEvent[]
  stop(): void
}

/**
 * Records every focus change the keyboard makes: for each focused element its look focused (on focusin) and
 * unfocused (on focusout, when it no longer matches :focus), and whether it is hidden while focused. Starts
 * the walk at the top of the document and turns transitions off, so a focus style shows at once.
 */
export function installTabRecorder(token: string): void {
  const win = window as unknown as { __canopyTabWalk?: WalkState }
  win.__canopyTabWalk?.stop()
  const scroll = [window.scrollX, window.scrollY]
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
  const elements: Element[] = []
  const log: WalkEvent[] = []
  const style = document.createElement('style')
  style.textContent = '*, *::before, *::after { transition: none !important; }'
  document.head.append(style)
  const marker = document.createElement('span')
  marker.tabIndex = -1
  marker.setAttribute('style', 'position:fixed;top:0;left:0;width:1px;height:1px;overflow:hidden;opacity:0')
  document.body.prepend(marker)
  marker.focus({ preventScroll: true })
  function deepActive(): Element | null {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    return active
  }
  function indexOf(element: Element): number {
    const known = elements.indexOf(element)
    if (known >= 0) return known
    elements.push(element)
    return elements.length - 1
  }
  const helpers = (window as unknown as { __canopyChecks: PageHelpers }).__canopyChecks
  function onFocusIn(): void {
    const element = deepActive()
    if (!element || element === marker || element === document.body) return
    log.push({
      type: 'in',
      index: indexOf(element),
      signature: helpers.focusLook(element),
      hidden: helpers.hiddenReason(element),
    })
  }
  function onFocusOut(event: FocusEvent): void {
    const element = event.composedPath()[0]
    if (!(element instanceof Element) || element === marker) return
    log.push({ type: 'out', index: indexOf(element), signature: helpers.focusLook(element) })
  }
  function onKey(event: KeyboardEvent): void {
    if (event.key !== 'Tab' && event.key !== 'Escape') return
    const active = deepActive()
    log.push({ type: 'key', outside: !active || active === document.body || active === marker })
  }
  document.addEventListener('focusin', onFocusIn, true)
  document.addEventListener('focusout', onFocusOut, true)
  window.addEventListener('keydown', onKey, true)
  function stop(): void {
    document.removeEventListener('focusin', onFocusIn, true)
    document.removeEventListener('focusout', onFocusOut, true)
    window.removeEventListener('keydown', onKey, true)
    const active = deepActive()
    if (active instanceof HTMLElement && active !== previous) active.blur()
    previous?.focus({ preventScroll: true })
    marker.remove()
    style.remove()
    window.scrollTo(scroll[0] ?? 0, scroll[1] ?? 0)
  }
  win.__canopyTabWalk = { token, elements, log, stop }
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

/** About how many tab stops the page has (focusable, rendered, not taken out of the tab order). */
export function estimateTabStops(): number {
  const focusable = document.querySelectorAll(
    'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]',
  )
  return Array.from(focusable).filter(
    (e) => (e as HTMLElement).tabIndex >= 0 && e.getClientRects().length > 0,
  ).length
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

/** One element the walk focused, as read back from the page. */
export interface WalkStop {
  element: { key: number | null; selector: string; snippet: string; label: string }
  /** whether its look changed when it took focus; null when it never lost focus during the walk */
  changed: boolean | null
  /** why it could not be seen while focused (null when it could) */
  hidden: string | null
}

/**
 * Reads the walk back from log entry `since` on: each focused element once (described as every engine
 * describes it), and the order of focus as element indexes, with 'exit' where focus had left the page.
 */
export function readTabWalk(since: number): {
  stops: WalkStop[]
  sequence: Array<number | 'exit'>
  end: number
} {
  const walk = (window as unknown as { __canopyTabWalk: WalkState }).__canopyTabWalk
  const keys = (window as unknown as { __canopyKeys: { describe(e: Element): WalkStop['element'] } })
    .__canopyKeys
  const focused = new Map<number, { signature?: string; hidden: string | null }>()
  const unfocused = new Map<number, string | undefined>()
  const sequence: Array<number | 'exit'> = []
  let keysSeen = 0
  for (const event of walk.log.slice(since)) {
    const index = event.index ?? -1
    if (event.type === 'key') {
      if (event.outside && keysSeen > 0 && sequence.at(-1) !== 'exit') sequence.push('exit')
      keysSeen++
    } else if (event.type === 'in') {
      sequence.push(index)
      if (!focused.has(index))
        focused.set(index, { signature: event.signature, hidden: event.hidden ?? null })
    } else if (!unfocused.has(index)) unfocused.set(index, event.signature)
  }
  const stops = walk.elements.map((element, index) => ({
    element: keys.describe(element),
    changed: unfocused.has(index) ? unfocused.get(index) !== focused.get(index)?.signature : null,
    hidden: focused.get(index)?.hidden ?? null,
  }))
  return { stops, sequence, end: walk.log.length }
}

/** Ends the walk: listeners off, focus, scroll and styles as they were. */
export function stopTabWalk(): void {
  ;(window as unknown as { __canopyTabWalk?: WalkState }).__canopyTabWalk?.stop()
}

/** The token of the walk the page holds (null when none): a later check reuses a walk of the same document. */
export function currentTabWalk(): string | null {
  return (window as unknown as { __canopyTabWalk?: WalkState }).__canopyTabWalk?.token ?? null
}
