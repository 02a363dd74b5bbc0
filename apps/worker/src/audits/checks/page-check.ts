import type { Page } from 'playwright-core'
import type { Finding } from '../engines/finding.js'

/**
 * One of Canopy's own accessibility checks: a small module for a barrier no engine finds well (keyboard,
 * layout, rendered pixels). It runs on the loaded page after the engines, with element keys installed
 * (engines/element-keys.ts), and answers findings with engine 'canopy'. A check that changes the page
 * (viewport, styles, focus) puts it back before it returns, so the next check sees the page as loaded.
 */
export interface PageCheck {
  /** the rule id, also the issue id ('canopy-target-size'): stable, lower-case, hyphenated */
  id: string
  /** the WCAG success criteria it tests */
  criteria: string[]
  title: string
  description: string
  /** true when it changes the page's state while running (resize, styles, keyboard): such checks run last */
  changesPage: boolean
  /** the checks' time it is given (PageCheckContext.timeoutMs), for one that runs several steps: default 1 */
  timeShares?: number
  run(page: Page, context: PageCheckContext): Promise<Finding[]>
}

export interface PageCheckContext {
  /** the page's viewport when it was loaded */
  viewport: { width: number; height: number }
  /** the time this check may take before it is given up on */
  timeoutMs: number
}
