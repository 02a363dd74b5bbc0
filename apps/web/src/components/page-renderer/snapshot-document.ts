/**
 * What the page renderer does inside the snapshot's document: the frame is sandboxed without scripts but
 * same-origin (the API keeps the origin only for a snapshot loaded into a frame of ours), so the app itself
 * reaches in to reveal hidden elements, remove a blocking overlay, and highlight the element of an audit node.
 */
const STYLE_ID = 'canopy-renderer-style'
export const HIGHLIGHT_CLASS = 'canopy-renderer-highlight'
export const REVEAL_CLASS = 'canopy-renderer-reveal'

const RENDERER_CSS = `
.${HIGHLIGHT_CLASS} { outline: 0.4rem solid #d93025 !important; outline-offset: 0.2rem !important; box-shadow: 0 0 0 0.6rem rgb(217 48 37 / 30%) !important; }
.${REVEAL_CLASS} { display: revert !important; visibility: visible !important; opacity: 1 !important; outline: 0.2rem dashed #1a5fb4 !important; }
`

const NEVER_SHOWN = new Set([
  'SCRIPT',
  'STYLE',
  'HEAD',
  'META',
  'LINK',
  'TITLE',
  'TEMPLATE',
  'NOSCRIPT',
  'BASE',
])

/**
 * Whether the frame holds the snapshot: an HTML document it may reach into. An error answer is a JSON
 * document, and a frame the browser refused has no document this page can read.
 */
export function isSnapshotDocument(doc: Document | null | undefined): doc is Document {
  return doc?.contentType === 'text/html'
}

function ensureStyle(doc: Document) {
  if (doc.getElementById(STYLE_ID)) return
  const style = doc.createElement('style')
  style.id = STYLE_ID
  style.textContent = RENDERER_CSS
  ;(doc.head ?? doc.documentElement).append(style)
}

function hasLayout(doc: Document): boolean {
  return (doc.body?.getBoundingClientRect().height ?? 0) > 0
}

export function isElementHidden(element: Element): boolean {
  const view = element.ownerDocument.defaultView
  if (!view) return true
  const style = view.getComputedStyle(element)
  if (style.display === 'none' || style.visibility === 'hidden') return true
  if (element.closest('[hidden]')) return true
  return hasLayout(element.ownerDocument) && element.getClientRects().length === 0
}

export type HighlightOutcome = 'found' | 'hidden' | 'not-found'

/** Highlights the element a selector names, or the closest visible ancestor when the element is hidden. */
export function highlightElement(doc: Document, selector: string): HighlightOutcome {
  ensureStyle(doc)
  for (const marked of doc.querySelectorAll(`.${HIGHLIGHT_CLASS}`)) marked.classList.remove(HIGHLIGHT_CLASS)
  let element: Element | null = null
  try {
    element = doc.querySelector(selector)
  } catch {
    element = null
  }
  if (!element) return 'not-found'
  let target: Element | null = element
  while (target && target !== doc.documentElement && isElementHidden(target)) target = target.parentElement
  const shown = target ?? doc.body
  shown.classList.add(HIGHLIGHT_CLASS)
  shown.scrollIntoView?.({ block: 'center', inline: 'nearest' })
  return shown === element ? 'found' : 'hidden'
}

/** Shows the elements the page hides, or hides them again (the 'Toggle hidden elements' action). */
export function toggleHiddenElements(doc: Document): boolean {
  ensureStyle(doc)
  const revealed = doc.querySelectorAll(`.${REVEAL_CLASS}`)
  if (revealed.length > 0) {
    for (const element of revealed) element.classList.remove(REVEAL_CLASS)
    return false
  }
  const hidden = [...(doc.body?.querySelectorAll('*') ?? [])].filter(
    (element) => !NEVER_SHOWN.has(element.tagName) && isElementHidden(element),
  )
  for (const element of hidden) element.classList.add(REVEAL_CLASS)
  return true
}

/**
 * Removes the element that most likely blocks the page (a cookie banner or a modal): of the fixed or sticky
 * elements, the one on top, then the largest. Answers whether one was removed.
 */
export function removeBlockingElement(doc: Document): boolean {
  const view = doc.defaultView
  if (!view || !doc.body) return false
  const candidates = [...doc.body.querySelectorAll('*')]
    .filter((element) => !NEVER_SHOWN.has(element.tagName))
    .map((element) => ({ element, style: view.getComputedStyle(element) }))
    .filter(({ style }) => style.position === 'fixed' || style.position === 'sticky')
    .filter(({ element }) => !candidatesContain(element))
  if (candidates.length === 0) return false
  const area = (element: Element) => {
    const rect = element.getBoundingClientRect()
    return rect.width * rect.height
  }
  candidates.sort(
    (a, b) =>
      (Number.parseInt(b.style.zIndex, 10) || 0) - (Number.parseInt(a.style.zIndex, 10) || 0) ||
      area(b.element) - area(a.element),
  )
  candidates[0]?.element.remove()
  return true
}

/** A fixed element inside another fixed element goes with its container. */
function candidatesContain(element: Element): boolean {
  const view = element.ownerDocument.defaultView
  let parent = element.parentElement
  while (parent && view) {
    const position = view.getComputedStyle(parent).position
    if (position === 'fixed' || position === 'sticky') return true
    parent = parent.parentElement
  }
  return false
}
