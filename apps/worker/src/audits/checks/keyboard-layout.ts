import { focusOrderCheck } from './focus-order.js'
import { focusVisibleCheck } from './focus-visible.js'
import { hoverContentCheck } from './hover-content.js'
import { layoutPassCheck } from './layout-pass.js'
import type { PageCheck } from './page-check.js'
import { targetSizeCheck } from './target-size.js'

/**
 * Canopy's keyboard and layout checks, in the order they should run: the layout read first (nothing
 * changed yet), then the two keyboard checks (they share one tab walk), hover, and the pass that restyles
 * and resizes the page (text spacing, zoom, reflow) last.
 */
export const KEYBOARD_LAYOUT_CHECKS: PageCheck[] = [
  targetSizeCheck,
  focusVisibleCheck,
  focusOrderCheck,
  hoverContentCheck,
  layoutPassCheck,
]
