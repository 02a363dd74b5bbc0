import type { LighthouseFormFactor, LighthouseMode } from './config.js'
import type { Lhr } from './map-lhr.js'

/** What the parent sends the child: one run, then the child exits. */
export interface ChildRequest {
  url: string
  formFactor: LighthouseFormFactor
  mode: LighthouseMode
  chromiumPath: string
  /** Lighthouse's locale for titles and descriptions */
  locale: string
}

/** What the child sends back: Chromium's pid as soon as it runs (so a hung child's browser can be killed), then one outcome. */
export type ChildMessage =
  | { type: 'chromium-started'; pid: number }
  | { type: 'result'; lhr: Lhr; lighthouseMs: number }
  | { type: 'failure'; message: string }
