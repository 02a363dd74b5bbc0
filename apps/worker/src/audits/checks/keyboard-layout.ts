import { focusOrderCheck } from './focus-order.js'
import { focusVisibleCheck } from './focus-visible.js'
import { hoverContentCheck } from './hover-content.js'
import type { PageCheck } from './page-check.js'
import { reflowCheck } from './reflow.js'
import { targetSizeCheck } from './target-size.js'
import { textSpacingCheck } from './text-spacing.js'
import { zoomCheck } from './zoom.js'

/**
 * Canopy's keyboard and layout checks, in the order they should run: the layout read first (nothing
 * changed yet), then the two keyboard checks (they share one tab walk), hover, and the checks that resize
 * or restyle the page last.
 */
export const KEYBOARD_LAYOUT_CHECKS: PageCheck[] = [
  targetSizeCheck,
  focusVisibleCheck,
  focusOrderCheck,
  hoverContentCheck,
  textSpacingCheck,
  reflowCheck,
  zoomCheck,
]
