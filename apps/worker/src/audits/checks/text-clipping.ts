/// <reference lib="dom" />
import type { Finding, FindingElement } from '../engines/finding.js'
import { type CheckNaming, canopyFinding, type InPageStep } from './keyboard-layout-support.js'

/**
 * Text cut off by its box, for the checks that make text take more room (text-spacing, zoom): measured
 * before and after the change, only what the change cut off counts.
 */

/** A box whose text the change cut off ('clipped': hidden overflow) or pushed out ('spills': fixed height). */
export interface TextClip {
  element: FindingElement
  kind: 'clipped' | 'spills'
  /** the text cut off, at most 80 characters */
  text: string
}

/** At most this many elements are looked at (and 100 pieces of text per box). */
export const MAX_TEXT_ELEMENTS = 4000

/**
 * Installs `textClips()` on `window.__canopyChecks`: every box holding text some of which lies outside it,
 * by its element key. A box hiding its overflow (overflow hidden or clip, which also makes an ellipsis) cuts
 * the text off; a box with visible overflow and a set height lets it spill over what follows. Scroll
 * containers are fine (their text can be scrolled to), and so are visually-hidden boxes of 1 px.
 */
export function installTextClipping(max: number): void {
  function outside(text: Text, box: DOMRect): boolean {
    const range = document.createRange()
    range.selectNodeContents(text)
    return Array.from(range.getClientRects()).some(
      (r) =>
        r.width > 0 &&
        (r.right > box.right + 1 ||
          r.bottom > box.bottom + 1 ||
          r.left < box.left - 1 ||
          r.top < box.top - 1),
    )
  }
  function cutText(element: Element, box: DOMRect): string | null {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let n = 0, node = walker.nextNode(); node && n < 100; n++, node = walker.nextNode()) {
      const text = node as Text
      if (text.data.trim() && text.parentElement?.checkVisibility?.() !== false && outside(text, box))
        return text.data.trim().slice(0, 80)
    }
    return null
  }
  function clientBox(element: Element): DOMRect {
    const r = element.getBoundingClientRect()
    const s = getComputedStyle(element)
    const left = r.left + Number.parseFloat(s.borderLeftWidth)
    const top = r.top + Number.parseFloat(s.borderTopWidth)
    return new DOMRect(left, top, element.clientWidth, element.clientHeight)
  }
  function textClips(): Array<{ key: number; kind: 'clipped' | 'spills'; text: string }> {
    const keys = (window as unknown as { __canopyKeys: { keyOf(e: Element): number } }).__canopyKeys
    const found: Array<{ key: number; kind: 'clipped' | 'spills'; text: string }> = []
    for (const element of Array.from(document.body?.querySelectorAll('*') ?? []).slice(0, max)) {
      if (element.clientWidth <= 1 || element.clientHeight <= 1 || !element.textContent?.trim()) continue
      const s = getComputedStyle(element)
      const hides = (o: string) => o === 'hidden' || o === 'clip'
      const overflowsX = element.scrollWidth > element.clientWidth + 1
      const overflowsY = element.scrollHeight > element.clientHeight + 1
      const clipped = (hides(s.overflowX) && overflowsX) || (hides(s.overflowY) && overflowsY)
      const spills = s.overflowY === 'visible' && overflowsY
      if (!clipped && !spills) continue
      const text = cutText(element, clientBox(element))
      if (text) found.push({ key: keys.keyOf(element), kind: clipped ? 'clipped' : 'spills', text })
    }
    return found
  }
  const win = window as unknown as { __canopyChecks?: Record<string, unknown> }
  win.__canopyChecks = { ...win.__canopyChecks, textClips }
}

/** What installTextClipping and installNewTextClips leave on `window.__canopyChecks`. */
export interface TextClipHelpers {
  textClips(): Array<{ key: number; kind: TextClip['kind']; text: string }>
  newTextClips(before: number[]): TextClip[]
}

/**
 * Installs `newTextClips(before)`: the text clips now, leaving out the boxes in `before` (already cut
 * before the change) and boxes around another box cut the same way (the innermost one cuts), described.
 */
export function installNewTextClips(): void {
  const helpers = (window as unknown as { __canopyChecks: TextClipHelpers }).__canopyChecks
  const keys = (
    window as unknown as { __canopyKeys: { describe(e: Element): FindingElement; keyOf(e: Element): number } }
  ).__canopyKeys
  function newTextClips(before: number[]): TextClip[] {
    const earlier = new Set(before)
    const byKey = new Map(
      helpers
        .textClips()
        .filter((clip) => !earlier.has(clip.key))
        .map((clip) => [clip.key, clip]),
    )
    const kindOf = (e: Element) => byKey.get(keys.keyOf(e))?.kind
    const elements = Array.from(document.body?.querySelectorAll('*') ?? []).filter((e) =>
      byKey.has(keys.keyOf(e)),
    )
    const innermost = elements.filter(
      (e) => !elements.some((o) => o !== e && e.contains(o) && kindOf(o) === kindOf(e)),
    )
    return innermost.flatMap((element) => {
      const clip = byKey.get(keys.keyOf(element))
      return clip ? [{ element: keys.describe(element), kind: clip.kind, text: clip.text }] : []
    })
  }
  helpers.newTextClips = newTextClips
}

/** The steps that install the text-clip helpers, to run before a measure (evaluateInPage). */
export const TEXT_CLIP_HELPERS: InPageStep[] = [
  [installTextClipping, MAX_TEXT_ELEMENTS],
  [installNewTextClips, undefined],
]

/** The keys of the boxes cutting text off now (before the change). */
export function currentTextClipKeys(): number[] {
  const helpers = (window as unknown as { __canopyChecks: TextClipHelpers }).__canopyChecks
  return helpers.textClips().map((clip) => clip.key)
}

/** The boxes cutting text off now that did not before. */
export function newTextClips(before: number[]): TextClip[] {
  return (window as unknown as { __canopyChecks: TextClipHelpers }).__canopyChecks.newTextClips(before)
}

/** A clip as a finding: cut-off text fails; text spilling out of its box is for a person to look at. */
export function textClipFinding(
  check: CheckNaming,
  criterion: string,
  clip: TextClip,
  cause: string,
): Finding {
  return canopyFinding(check, {
    outcome: clip.kind === 'clipped' ? 'failed' : 'review',
    criteria: [criterion],
    element: clip.element,
    message:
      clip.kind === 'clipped'
        ? `With ${cause}, this box hides part of its text ("${clip.text}"): let it grow with its text instead of a fixed size with hidden overflow.`
        : `With ${cause}, text ("${clip.text}") spills out of this box: check that it does not cover other content.`,
  })
}
