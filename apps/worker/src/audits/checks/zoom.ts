import type { Page } from 'playwright-core'
import {
  deadlineOf,
  evaluateInPage,
  passedWhereClean,
  settleLayout,
  within,
} from './keyboard-layout-support.js'
import type { PageCheck } from './page-check.js'
import {
  currentTextClipKeys,
  installTextClipHelpers,
  newTextClips,
  type TextClip,
  textClipFinding,
} from './text-clipping.js'

/**
 * Resize text: at 200 % zoom no text may be cut off. Browser zoom at 200 % lays a page out as a viewport of
 * half the width and height in CSS pixels (media queries included), so the check halves the viewport, lets
 * the page answer, measures which text boxes now hide part of their text, and puts the viewport and scroll
 * back. Text spilling out of a box of set height is for review.
 */
export const zoomCheck: PageCheck = {
  id: 'canopy-zoom',
  criteria: ['1.4.4'],
  title: 'Text must not be cut off at 200 % zoom',
  description:
    'Lays the page out as at 200 % browser zoom (a viewport of half the width and height) and looks for ' +
    'boxes that then hide part of their text.',
  changesPage: true,
  async run(page, context) {
    const deadline = deadlineOf(context.timeoutMs)
    await installTextClipHelpers(page)
    const scroll = await page.evaluate(() => [window.scrollX, window.scrollY])
    const before = await evaluateInPage(page, currentTextClipKeys, undefined)
    let clips: TextClip[]
    try {
      clips = await within(measureZoomed(page, context.viewport, before), deadline.left(), 'zooming')
    } finally {
      await page.setViewportSize(context.viewport)
      await settleLayout(page)
      await page.evaluate(([x, y]) => window.scrollTo(x ?? 0, y ?? 0), scroll)
    }
    const findings = clips.map((clip) =>
      textClipFinding(zoomCheck, '1.4.4', clip, 'the page zoomed to 200 %'),
    )
    return passedWhereClean(zoomCheck, ['1.4.4'], findings)
  },
}

async function measureZoomed(
  page: Page,
  viewport: { width: number; height: number },
  before: number[],
): Promise<TextClip[]> {
  await page.setViewportSize({
    width: Math.round(viewport.width / 2),
    height: Math.round(viewport.height / 2),
  })
  await settleLayout(page)
  return evaluateInPage(page, newTextClips, before)
}
