import type { Page } from 'playwright-core'
import type { Finding } from '../engines/finding.js'
import {
  type CheckNaming,
  evaluateInPage,
  passedWhereClean,
  settleLayout,
} from './keyboard-layout-support.js'
import { newTextClips, type TextClip, textClipFinding } from './text-clipping.js'

/**
 * Resize text: at 200 % zoom no text may be cut off. Browser zoom at 200 % lays a page out as a viewport of
 * half the width and height in CSS pixels (media queries included), so the step halves the viewport, lets
 * the page answer, and measures which text boxes now hide part of their text. Text spilling out of a box of
 * set height is for review. A step of the layout pass (layout-pass.ts), which puts the viewport back.
 */
export const ZOOM: CheckNaming = {
  id: 'canopy-zoom',
  title: 'Text must not be cut off at 200 % zoom',
  description:
    'Lays the page out as at 200 % browser zoom (a viewport of half the width and height) and looks for ' +
    'boxes that then hide part of their text.',
}

/**
 * The boxes that cut text off with the page laid out as at 200 % zoom (a viewport of half the loaded one),
 * leaving out those that did as loaded (`before`). Leaves the viewport resized: the pass puts it back.
 */
export async function measureZoomed(
  page: Page,
  loaded: { width: number; height: number },
  before: number[],
): Promise<TextClip[]> {
  await page.setViewportSize({ width: Math.round(loaded.width / 2), height: Math.round(loaded.height / 2) })
  await settleLayout(page)
  return evaluateInPage(page, newTextClips, before)
}

export function zoomFindings(clips: TextClip[]): Finding[] {
  const findings = clips.map((clip) => textClipFinding(ZOOM, '1.4.4', clip, 'the page zoomed to 200 %'))
  return passedWhereClean(ZOOM, ['1.4.4'], findings)
}
