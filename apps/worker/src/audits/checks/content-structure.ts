import { autoplayMediaCheck } from './autoplay-media.js'
import { bypassBlocksCheck } from './bypass-blocks.js'
import { contrastOverImagesCheck } from './contrast-over-images.js'
import { fakeStructureCheck } from './fake-structure.js'
import { formLabelsCheck } from './form-labels.js'
import { labelInNameCheck } from './label-in-name.js'
import { languageOfPartsCheck } from './language-of-parts.js'
import { metaRefreshCheck } from './meta-refresh.js'
import type { PageCheck } from './page-check.js'
import { readingOrderCheck } from './reading-order.js'

/**
 * Canopy's checks of content and structure: each reads the page in one evaluate, and only the contrast check
 * changes it (for the length of its two screenshots), so it comes last.
 */
export const CONTENT_STRUCTURE_CHECKS: PageCheck[] = [
  metaRefreshCheck,
  autoplayMediaCheck,
  bypassBlocksCheck,
  formLabelsCheck,
  labelInNameCheck,
  languageOfPartsCheck,
  fakeStructureCheck,
  readingOrderCheck,
  contrastOverImagesCheck,
]
