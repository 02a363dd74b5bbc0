import type { LighthouseFormFactor, LighthouseMode } from './config.js'
import type { Lhr } from './map-lhr.js'

/** The one run a child does, sent once it is ready; the child exits after it. */
export interface ChildRequest {
  url: string
  formFactor: LighthouseFormFactor
  mode: LighthouseMode
  /** Lighthouse's locale for titles and descriptions */
  locale: string
}

/**
 * What the child sends: Chromium's pid as soon as it runs (so a hung child's browser can be killed), 'ready'
 * once Lighthouse is loaded and Chromium is up, then one outcome.
 */
export type ChildMessage =
  | { type: 'chromium-started'; pid: number }
  | { type: 'ready' }
  /** the page load and its trace are over: what is left (artifacts, audits) no longer shapes the metrics */
  | { type: 'page-loaded' }
  | { type: 'result'; lhr: Lhr; lighthouseMs: number }
  | { type: 'failure'; message: string }

/** A flag Chromium ignores, carrying the run's id, so a run's browser can be found from /proc. */
export const RUN_ID_FLAG = '--canopy-lighthouse-run'
