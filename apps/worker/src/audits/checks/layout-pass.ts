import type { Page } from 'playwright-core'
import { deadlineOf, evaluateInPage, settleLayout, within } from './keyboard-layout-support.js'
import type { PageCheck } from './page-check.js'
import { measureReflow, REFLOW, reflowFindings } from './reflow.js'
import { currentTextClipKeys, TEXT_CLIP_HELPERS } from './text-clipping.js'
import { measureUnderTextSpacing, TEXT_SPACING, textSpacingFindings } from './text-spacing.js'
import { measureZoomed, ZOOM, zoomFindings } from './zoom.js'

/**
 * Text spacing (1.4.12), 200 % zoom (1.4.4) and reflow at 320 px (1.4.10) in one pass over the page, as they
 * cost least together: the text clips as loaded are read once for the two checks that compare against them,
 * and the viewport goes from the loaded size to half of it, then to 320 px, and is put back (size, layout,
 * scroll) once. Each step's findings carry its own rule id.
 */
export const layoutPassCheck: PageCheck = {
  id: 'canopy-layout-pass',
  criteria: ['1.4.12', '1.4.4', '1.4.10'],
  title: 'Text must survive more spacing, 200 % zoom and a 320 px viewport',
  description: `${TEXT_SPACING.description} ${ZOOM.description} ${REFLOW.description}`,
  changesPage: true,
  timeShares: 3,
  async run(page, context) {
    const deadline = deadlineOf(context.timeoutMs)
    const before = await evaluateInPage(page, currentTextClipKeys, undefined, TEXT_CLIP_HELPERS)
    const spaced = await within(
      evaluateInPage(page, measureUnderTextSpacing, before),
      deadline.left(),
      'text spacing',
    )
    const { zoomed, wide } = await withViewportRestored(page, context.viewport, async () => ({
      zoomed: await within(measureZoomed(page, context.viewport, before), deadline.left(), 'zooming'),
      wide: await within(measureReflow(page), deadline.left(), 'reflow'),
    }))
    return [...textSpacingFindings(spaced), ...zoomFindings(zoomed), ...reflowFindings(wide)]
  },
}

/** Runs `measure`, which resizes the viewport, then puts back the loaded size, its layout and the scroll. */
async function withViewportRestored<T>(
  page: Page,
  loaded: { width: number; height: number },
  measure: () => Promise<T>,
): Promise<T> {
  const scroll = await page.evaluate(() => [window.scrollX, window.scrollY])
  try {
    return await measure()
  } finally {
    await page.setViewportSize(loaded)
    await settleLayout(page)
    await page.evaluate(([x, y]) => window.scrollTo(x ?? 0, y ?? 0), scroll)
  }
}
