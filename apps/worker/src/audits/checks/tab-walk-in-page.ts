/// <reference lib="dom" />
/**
 * The in-page half of the tab walk (tab-walk.ts): functions run in the page by evaluateInPage, so each one
 * carries everything it uses (nothing from this module's scope reaches the page).
 */

import type { PageHelpers } from './focus-looks-in-page.js'

interface WalkEvent {
  type: 'key' | 'in' | 'out'
  index?: number
  outside?: boolean
  signature?: string
  hidden?: string | null
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

/** About how many tab stops the page has (focusable, rendered, not taken out of the tab order). */
export function estimateTabStops(): number {
  const focusable = document.querySelectorAll(
    'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]',
  )
  return Array.from(focusable).filter(
    (e) => (e as HTMLElement).tabIndex >= 0 && e.getClientRects().length > 0,
  ).length
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
